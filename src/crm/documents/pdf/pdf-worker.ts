/**
 * The thread PDFs are made on (pdf-renderer.ts): laying out a ten-page proposal takes a hundred
 * milliseconds or more of CPU, which on the server's own thread every other request would wait
 * for. pdfmake is given Roboto from its own package and nothing else: no URL is fetched and no
 * other file is read, whatever a document holds.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { PdfRequest } from '../document-model.js';
import { pdfDefinition } from './pdf-definition.js';

const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake') as typeof import('pdfmake');

const fontDirectory = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
const ROBOTO = {
  normal: path.join(fontDirectory, 'Roboto-Regular.ttf'),
  bold: path.join(fontDirectory, 'Roboto-Medium.ttf'),
  italics: path.join(fontDirectory, 'Roboto-Italic.ttf'),
  bolditalics: path.join(fontDirectory, 'Roboto-MediumItalic.ttf'),
};
const FONT_FILES = new Set(Object.values(ROBOTO));

pdfmake.setFonts({ Roboto: ROBOTO });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => FONT_FILES.has(path.resolve(file)));

/** The PDF's bytes, moved (not copied) back to the thread that asked. */
export default async function renderPdf(request: PdfRequest) {
  const buffer = await pdfmake.createPdf(pdfDefinition(request)).getBuffer();
  // A copy of its own: a small Buffer may share its memory with others, which cannot be moved.
  const bytes = new Uint8Array(buffer.length);
  bytes.set(buffer);
  return Piscina.move(bytes);
}
