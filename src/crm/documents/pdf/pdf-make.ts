/**
 * A PDF request's bytes, made on the calling thread (pdf-worker.ts calls it on a pool thread).
 * pdfmake is given Roboto from its own package (pdf-fonts.ts) and nothing else: no URL is
 * fetched and no file is read, whatever a document holds.
 */
import { createRequire } from 'node:module';
import type { PdfRequest } from '../document-model.js';
import { pdfDefinition } from './pdf-definition.js';
import { forgetGlyphs, robotoFonts } from './pdf-fonts.js';
import './pdf-measure-once.js';
import './pdf-style-lookup.js';

const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake') as typeof import('pdfmake');

pdfmake.setFonts(robotoFonts(pdfmake.virtualfs));
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);

export async function makePdf(request: PdfRequest): Promise<Buffer> {
  forgetGlyphs();
  return pdfmake.createPdf(pdfDefinition(request)).getBuffer();
}
