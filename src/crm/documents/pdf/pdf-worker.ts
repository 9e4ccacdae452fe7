/**
 * The thread PDFs are made on (pdf-renderer.ts): laying out a ten-page proposal takes a hundred
 * milliseconds or more of CPU, which on the server's own thread every other request would wait
 * for.
 */
import { Piscina } from 'piscina';
import type { PdfRequest } from '../document-model.js';
import { makePdf } from './pdf-make.js';

/** The PDF's bytes, moved (not copied) back to the thread that asked. */
export default async function renderPdf(request: PdfRequest) {
  const buffer = await makePdf(request);
  // A copy of its own: a small Buffer may share its memory with others, which cannot be moved.
  const bytes = new Uint8Array(buffer.length);
  bytes.set(buffer);
  return Piscina.move(bytes);
}
