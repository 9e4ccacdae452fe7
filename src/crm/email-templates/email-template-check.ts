/**
 * An e-mail template's subject and body judged before they are saved (SPEC §17), as a document's
 * templates are (src/crm/documents/document-settings.commands.ts): tried against the sample on a
 * rendering thread, with the documents' sandbox and bounds (src/crm/documents/liquid-sandbox.ts),
 * before the unit of work and off the organization's lock. What does not parse, names a merge
 * field or filter that does not exist, or outgrows the bounds is a problem of its part, with its
 * line and why. Subject and body render as one set (their bounds together), so a change of one
 * is judged with the other as it was read; the command keeps the judgement only when the texts it
 * would save are the ones judged (else they are judged again: src/writes/prepared.ts).
 */
import { refuse, type Refusal } from '../../writes/refusal.js';
import { STALE_PREPARATION } from '../../writes/prepared.js';
import type { TemplateSet, Threads } from '../documents/index.js';
import { EMAIL_PARTS, type EmailPart } from './email-template-kinds.js';
import { EMAIL_SAMPLE } from './email-merge-data.js';
import type { EmailTemplate } from './email-template.value.js';

/** An e-mail's templates: rendered together, within the bounds of a document's. */
export const EMAIL_TEMPLATE_SET: TemplateSet<EmailPart> = {
  parts: EMAIL_PARTS,
  together: 'an e-mail’s subject and body together',
};

/** What a template's write gives (each left out stays as it is; a new template's kind is general). */
export interface EmailTemplateInput {
  name?: string | undefined;
  kind?: string | undefined;
  subject?: string | undefined;
  body?: string | undefined;
}

declare const judged: unique symbol;

/** The subject and body as tried against the sample, and why each part cannot be saved. */
export interface Judgement {
  readonly subject: string;
  readonly body: string;
  readonly problems: Readonly<Partial<Record<EmailPart, string>>>;
  readonly [judged]: true;
}

/** What the commands take: the input, its subject and body judged when it gives either. */
export type JudgedEmailTemplateInput = EmailTemplateInput & { judged?: Judgement | undefined };

/**
 * The input with its subject and body judged (line ends made "\n"), the part it leaves out as
 * `current` has it; as it was when it gives neither.
 */
export async function judgeEmailTemplate(
  threads: Threads,
  organizationId: string,
  input: EmailTemplateInput,
  current?: Pick<EmailTemplate, 'subject' | 'body'>,
  /** The sample with the organization's custom fields (custom-merge.ts); the bare one when absent. */
  sample: object = EMAIL_SAMPLE,
): Promise<JudgedEmailTemplateInput> {
  if (input.subject === undefined && input.body === undefined) return input;
  const given = {
    ...(input.subject === undefined ? {} : { subject: input.subject }),
    ...(input.body === undefined ? {} : { body: input.body.replace(/\r\n?/g, '\n') }),
  };
  const texts = {
    subject: given.subject ?? current?.subject ?? '',
    body: given.body ?? current?.body ?? '',
  };
  const outcome = await threads.templates(organizationId, {
    texts,
    data: sample,
    set: EMAIL_TEMPLATE_SET,
  });
  const problems: Partial<Record<EmailPart, string>> = {};
  for (const problem of outcome.problems) problems[problem.part] = `Line ${problem.line}: ${problem.reason}.`;
  return { ...input, ...given, judged: { ...texts, problems } as Judgement };
}

/**
 * The refusal (409, and judged again by the route) unless the subject and body the write would save
 * are the ones judged: the template changed between the judgement and the unit of work.
 */
export function unjudgedRefusal(
  input: JudgedEmailTemplateInput,
  current?: EmailTemplate,
): Refusal | undefined {
  if (input.subject === undefined && input.body === undefined) return undefined;
  const subject = input.subject ?? current?.subject ?? '';
  const body = input.body ?? current?.body ?? '';
  if (input.judged?.subject === subject && input.judged.body === body) return undefined;
  return refuse({
    status: 409,
    code: STALE_PREPARATION,
    detail: 'The template changed while its subject and body were being checked: send the change again.',
  });
}
