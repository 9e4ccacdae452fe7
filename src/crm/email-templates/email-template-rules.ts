/**
 * The rules of an e-mail template's fields (SPEC §17), one pure function over facts loaded first:
 * a name unique in the organization; a kind there is (general when a new template names none); a
 * subject of one line and a body, each a template that renders against the sample (its problems
 * found on a rendering thread before: email-template-check.ts). Every bad field is named at once.
 */
import { type Checked, Problems } from '../validation.js';
import { TEMPLATE_MAX_LENGTH } from '../documents/index.js';
import type { JudgedEmailTemplateInput } from './email-template-check.js';
import { SUBJECT_MAX_LENGTH } from './email-template.fields.js';
import { EMAIL_PARTS, EMAIL_TEMPLATE_KINDS, type EmailTemplateKind } from './email-template-kinds.js';
import type { EmailTemplate, EmailTemplateChanges } from './email-template.value.js';

export interface EmailTemplateFacts {
  /** Whether another template of the organization has the name asked for. */
  nameTaken: boolean;
}

const NAME_MAX_LENGTH = 100;
const LONGEST = { subject: SUBJECT_MAX_LENGTH, body: TEMPLATE_MAX_LENGTH } as const;

const isKind = (kind: string): kind is EmailTemplateKind =>
  (EMAIL_TEMPLATE_KINDS as readonly string[]).includes(kind);

export function checkEmailTemplate(
  input: JudgedEmailTemplateInput,
  current: EmailTemplate | undefined,
  facts: EmailTemplateFacts,
): Checked<EmailTemplateChanges> {
  const problems = new Problems();
  const changes: EmailTemplateChanges = {};
  if (input.name !== undefined || !current) {
    const name = input.name?.trim() ?? '';
    if (name === '') problems.attribute('name', 'An e-mail template needs a name.', 'blank');
    else if (name.length > NAME_MAX_LENGTH)
      problems.attribute('name', `A name is at most ${NAME_MAX_LENGTH} characters.`, 'too_long');
    else if (facts.nameTaken)
      problems.attribute('name', `Another e-mail template is called "${name}" already.`, 'taken');
    problems.text('name', name, 'name');
    if (name !== current?.name) changes.name = name;
  }
  if (input.kind !== undefined || !current) {
    const kind = input.kind ?? 'general';
    if (!isKind(kind)) {
      problems.attribute(
        'kind',
        `"${kind}" is not a kind of e-mail template: use ${EMAIL_TEMPLATE_KINDS.join(', ')}.`,
      );
    } else if (kind !== current?.kind) changes.kind = kind;
  }
  for (const part of EMAIL_PARTS) {
    const text = input[part];
    // A part left as it is can still fail with the other one changed (their bounds together).
    const why = input.judged?.problems[part];
    if (text === undefined && current) {
      if (why) problems.attribute(part, why, 'template_error');
      continue;
    }
    const value = text ?? '';
    if (value.trim() === '') problems.attribute(part, `An e-mail template needs a ${part}.`, 'blank');
    else if (value.length > LONGEST[part])
      problems.attribute(
        part,
        `A ${part} is at most ${LONGEST[part].toLocaleString('en')} characters.`,
        'too_long',
      );
    problems.text(part, value, part === 'subject' ? 'line' : 'lines');
    if (why) problems.attribute(part, why, 'template_error');
    if (value !== current?.[part]) changes[part] = value;
  }
  return { value: changes, problems: problems.list };
}
