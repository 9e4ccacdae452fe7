/**
 * The rendering thread (pdf-renderer.ts): laying out a ten-page proposal takes a hundred
 * milliseconds or more of CPU, and a venue's templates up to their bounds, which on the server's
 * own thread every other request would wait for. Each task loads what it needs on first use: a
 * thread that has only rendered templates has not compiled the PDF library.
 */
import { Piscina } from 'piscina';
import type { TemplateTexts } from '../default-templates.js';
import type { PdfRequest } from '../document-model.js';
import type { LiquidOutcome } from '../liquid-sandbox.js';
import type { MergeData } from '../merge-data.js';

/** The PDF's bytes, moved (not copied) back to the thread that asked. */
export default async function renderPdf(request: PdfRequest) {
  const { makePdf } = await import('./pdf-make.js');
  const buffer = await makePdf(request);
  // A copy of its own: a small Buffer may share its memory with others, which cannot be moved.
  const bytes = new Uint8Array(buffer.length);
  bytes.set(buffer);
  return Piscina.move(bytes);
}

/** What a template task asks: the texts, and the data (none: the sample a template is tried on). */
export interface LiquidTask {
  texts: TemplateTexts;
  data: MergeData | null;
}

/** A venue's templates rendered with a document's data, or against the sample; or why not. */
export async function liquid(task: LiquidTask): Promise<LiquidOutcome> {
  const [{ renderParts }, { SAMPLE_MERGE_DATA }] = await Promise.all([
    import('../liquid-sandbox.js'),
    import('../sample-merge-data.js'),
  ]);
  return renderParts(task.texts, task.data ?? SAMPLE_MERGE_DATA);
}
