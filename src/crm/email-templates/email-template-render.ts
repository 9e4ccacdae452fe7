/**
 * An e-mail template written for a booking (SPEC §17), for the mails staff write to a client and
 * those automations send: its subject and body rendered on a rendering thread, with the documents'
 * sandbox and bounds, from the booking as it is now (its account, contact, events, lines, totals
 * and schedule, in the organization's locale and time zone) and the link to the document the mail
 * names, if any. A template that was judged on save can still fail for a booking (a loop that
 * outgrows the bounds): then it is refused, nothing is written, and the refusal names the part and
 * its line.
 */
import type { Clock } from '../../clock.js';
import { ValidationError } from '../../errors.js';
import { Refusal } from '../../writes/refusal.js';
import type { Reads } from '../data/reads.js';
import { loadDocumentFacts, type Threads } from '../documents/index.js';
import { EMAIL_TEMPLATE_SET } from './email-template-check.js';
import { emailMergeData } from './email-merge-data.js';
import type { EmailTemplate } from './email-template.value.js';

export interface RenderedEmail {
  /** One line. */
  subject: string;
  /** Plain text. */
  text: string;
}

export type RenderingContext = Reads & { readonly pdf: Threads; readonly clock: Pick<Clock, 'now'> };

export interface RenderOptions {
  /** The client's link to the document the mail names (`{{ portal_url }}`; empty without one). */
  portalUrl?: string | undefined;
}

/**
 * The template written for the booking, or the refusal when it cannot be; undefined when the
 * booking is not the template's organization's.
 */
export async function renderEmailTemplate(
  ctx: RenderingContext,
  template: Pick<EmailTemplate, 'organizationId' | 'name' | 'subject' | 'body'>,
  bookingId: string,
  options: RenderOptions = {},
): Promise<RenderedEmail | undefined | Refusal> {
  const organizationId = template.organizationId;
  const facts = await loadDocumentFacts(ctx.db, {
    organizationId,
    bookingId,
    // The facts of a booking as a document shows them; a mail keeps no version of its own.
    kind: 'proposal',
    version: 0,
    madeAt: ctx.clock.now(),
  });
  if (!facts) return undefined;
  const outcome = await ctx.pdf.templates(organizationId, {
    texts: { subject: template.subject, body: template.body },
    data: emailMergeData(facts, options.portalUrl),
    set: EMAIL_TEMPLATE_SET,
  });
  if (!outcome.rendered) {
    return Refusal.from(
      new ValidationError(
        outcome.problems.map((problem) => ({
          field: 'template_id',
          detail: `The e-mail template "${template.name}" cannot be written for this booking (its ${problem.part}, line ${problem.line}: ${problem.reason}). An organization admin can mend the template.`,
          code: 'template_error',
          source: { pointer: '/data/attributes/template_id' },
        })),
      ),
    );
  }
  return {
    subject: outcome.rendered.subject.replace(/\s+/g, ' ').trim(),
    text: outcome.rendered.body
      .replace(/[ \t]+$/gm, '')
      .replace(/^\n+/, '')
      .replace(/\n*$/, '\n'),
  };
}
