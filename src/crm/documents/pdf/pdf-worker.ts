/**
 * The rendering thread (pdf-renderer.ts): laying out a ten-page proposal takes a hundred
 * milliseconds or more of CPU, and a venue's templates up to their bounds, which on the server's
 * own thread every other request would wait for. Each task loads what it needs on first use: a
 * thread that has only rendered templates has not compiled the PDF library.
 */
import { Piscina } from 'piscina';
import type { TemplatePart } from '../default-templates.js';
import type { PdfRequest } from '../document-model.js';
import type { LiquidOutcome, TemplateSet } from '../liquid-sandbox.js';

/** The PDF's bytes, moved (not copied) back to the thread that asked. */
export default async function renderPdf(request: PdfRequest) {
  const { makePdf } = await import('./pdf-make.js');
  const buffer = await makePdf(request);
  // A copy of its own: a small Buffer may share its memory with others, which cannot be moved.
  const bytes = new Uint8Array(buffer.length);
  bytes.set(buffer);
  return Piscina.move(bytes);
}

/**
 * What a template task asks: the texts of a set of templates (a document's, unless `set` names
 * another: an e-mail's), and the data, one plain object of words (none: a document's sample).
 */
export interface LiquidTask<Part extends string = TemplatePart> {
  texts: Readonly<Record<Part, string>>;
  data: object | null;
  set?: TemplateSet<Part>;
}

/** A venue's templates rendered with a document's (or an e-mail's) data, or against the sample; or why not. */
export async function liquid<Part extends string>(task: LiquidTask<Part>): Promise<LiquidOutcome<Part>> {
  const [{ renderParts, DOCUMENT_TEMPLATE_SET }, { SAMPLE_MERGE_DATA }] = await Promise.all([
    import('../liquid-sandbox.js'),
    import('../sample-merge-data.js'),
  ]);
  const set = task.set ?? (DOCUMENT_TEMPLATE_SET as unknown as TemplateSet<Part>);
  return renderParts(task.texts, task.data ?? SAMPLE_MERGE_DATA, set);
}
