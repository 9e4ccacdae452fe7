/**
 * An organization's document templates (SPEC §13), as the server asks for them: rendered on a
 * rendering thread (liquid-sandbox.ts says how, and within which bounds), never on the server's
 * own, and never under the organization's lock: a template is tried against the sample before
 * it is saved, and rendered with a document's data before the document's unit of work.
 */
import { ValidationError } from '../../errors.js';
import { Refusal } from '../../writes/refusal.js';
import type { TemplateTexts } from './default-templates.js';
import type { Paragraph } from './document-model.js';
import type { MergeData } from './merge-data.js';
import type { PdfRenderer } from './pdf/pdf-renderer.js';
import type { PartProblem } from './template-words.js';

export type Threads = Pick<PdfRenderer, 'templates'>;

/**
 * Why each part of `texts` cannot be saved: tried against the sample (with the organization's
 * custom fields, custom-merge.ts), on a rendering thread.
 */
export async function sampleProblems(
  threads: Threads,
  organizationId: string,
  texts: TemplateTexts,
  sample: MergeData | null = null,
): Promise<PartProblem[]> {
  return (await threads.templates(organizationId, { texts, data: sample })).problems;
}

/**
 * The templates rendered with a document's data. A template that rendered for the sample can
 * fail for a booking (a loop over its lines that outgrows the bounds): a venue must never send
 * half a contract, so the document is refused, and the refusal names the part and its line.
 */
export async function renderForDocument(
  threads: Threads,
  organizationId: string,
  texts: TemplateTexts,
  data: MergeData,
): Promise<TemplateTexts | Refusal> {
  const outcome = await threads.templates(organizationId, { texts, data });
  if (outcome.rendered) return outcome.rendered;
  return Refusal.from(
    new ValidationError(
      outcome.problems.map((problem) => ({
        field: 'kind',
        detail: `The organization's ${problem.part} template of this kind cannot be rendered for this booking (line ${problem.line}: ${problem.reason}). An admin can mend it under Settings → Documents.`,
        code: 'template_error',
        source: { pointer: '/data/attributes/kind' },
      })),
    ),
  );
}

/**
 * Rendered text as paragraphs: a blank line parts them, a line starting "## " is a heading, and
 * the line breaks inside a paragraph are kept.
 */
export function paragraphsOf(text: string): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = block.split('\n').map((line) => line.trimEnd());
    while (lines.length && lines[0]!.trim() === '') lines.shift();
    while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
    if (lines.length === 0) continue;
    const [first, ...rest] = lines;
    if (first!.startsWith('## ')) {
      paragraphs.push({ text: first!.slice(3).trim(), heading: true });
      if (rest.length) paragraphs.push({ text: rest.join('\n') });
    } else {
      paragraphs.push({ text: lines.join('\n') });
    }
  }
  return paragraphs;
}
