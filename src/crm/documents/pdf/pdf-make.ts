/**
 * A PDF request's bytes, made on the calling thread (pdf-worker.ts calls it on a pool thread).
 * pdfmake is given Roboto from its own package and nothing else: no URL is fetched and no other
 * file is read, whatever a document holds.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PdfRequest } from '../document-model.js';
import { pdfDefinition } from './pdf-definition.js';
import './pdf-measure-once.js';
import './pdf-style-lookup.js';

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

export async function makePdf(request: PdfRequest): Promise<Buffer> {
  return pdfmake.createPdf(pdfDefinition(request)).getBuffer();
}
