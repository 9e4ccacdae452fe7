/**
 * A message written from an e-mail template (SPEC §17, `template_id`): the template, written for
 * the booking, gives the subject and the text that were not given; what was given wins. The
 * template is judged whether or not it is needed: one the organization does not have, or one
 * that cannot be written for this booking, is a problem of `template_id`, told with the
 * message's own. Rendered before the message's unit of work (it runs on a rendering thread).
 */
import type { FieldProblem } from '../../errors.js';
import { attemptOf } from '../../writes/refusal.js';
import { findEmailTemplate, renderEmailTemplate, type RenderingContext } from '../email-templates/index.js';

export interface TemplatedInput {
  bookingId: string | undefined;
  templateId: string | undefined;
  subject: string | undefined;
  text: string | undefined;
}

export interface Templated {
  subject: string | undefined;
  text: string | undefined;
  problems: readonly FieldProblem[];
}

const given = (value: string | undefined) => value !== undefined && value.trim() !== '';

const templateProblem = (detail: string): FieldProblem => ({
  field: 'template_id',
  detail,
  code: 'invalid_value',
  source: { pointer: '/data/attributes/template_id' },
});

export async function templatedMessage(
  ctx: RenderingContext,
  organizationId: string,
  input: TemplatedInput,
): Promise<Templated> {
  const { subject, text, templateId, bookingId } = input;
  const kept = { subject, text, problems: [] };
  if (templateId === undefined || templateId === '') return kept;
  // An id holding NUL names nothing (and PostgreSQL refuses the character in text).
  const template = templateId.includes('\u0000')
    ? undefined
    : await findEmailTemplate(ctx, organizationId, templateId);
  if (!template)
    return {
      ...kept,
      problems: [templateProblem(`No e-mail template of this organization has the id "${templateId}".`)],
    };
  if ((given(subject) && given(text)) || !bookingId) return kept;
  const rendered = await attemptOf(() => renderEmailTemplate(ctx, template.value, bookingId));
  if (!rendered.ok) return { ...kept, problems: rendered.refusal.problems };
  // A booking of another organization: the message's own rules say so.
  if (!rendered.value) return kept;
  return {
    subject: given(subject) ? subject : rendered.value.subject,
    text: given(text) ? text : rendered.value.text,
    problems: [],
  };
}
