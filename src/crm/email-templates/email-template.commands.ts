/**
 * Writing e-mail templates (SPEC §17), organization admins only, as units of work
 * (src/writes/unit-of-work.ts): the rules of email-template-rules.ts over the template's value,
 * its subject and body judged on a rendering thread before (email-template-check.ts). Each write
 * is told as `email_template.created`, `.updated` or `.deleted`; every refusal is returned.
 */
import type { Db, Trx } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import type { Work } from '../../writes/unit-of-work.js';
import type { Reads } from '../data/reads.js';
import { createValueCommand, deleteValueCommand, updateValueCommand } from '../value-commands.js';
import { type JudgedEmailTemplateInput, unjudgedRefusal } from './email-template-check.js';
import { checkEmailTemplate } from './email-template-rules.js';
import { nameTaken } from './email-template.repository.js';
import { EMAIL_TEMPLATE_ACTIONS } from './email-template.policy.js';
import { emailTemplateDefinition } from './email-template.resource.js';
import { type EmailTemplate, emailTemplateCodec } from './email-template.value.js';

async function judged(db: Db | Trx, actor: Actor, input: JudgedEmailTemplateInput, current?: EmailTemplate) {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  const taken = name !== '' && (await nameTaken(db, actor.organizationId, name, current?.id));
  return checkEmailTemplate(input, current, { nameTaken: taken });
}

/** Every problem of a template's input, writing nothing (the API's one 422 per bad field). */
export async function emailTemplateProblems(
  reads: Reads,
  actor: Actor,
  input: JudgedEmailTemplateInput,
  current?: EmailTemplate,
) {
  return (await judged(reads.db, actor, input, current)).problems;
}

const KIND = { definition: emailTemplateDefinition, codec: emailTemplateCodec };

export const createEmailTemplate = createValueCommand({
  ...KIND,
  action: EMAIL_TEMPLATE_ACTIONS.create,
  async check(work: Work, input: JudgedEmailTemplateInput) {
    return unjudgedRefusal(input) ?? judged(work.trx, work.actor, input);
  },
});

export const updateEmailTemplate = updateValueCommand({
  ...KIND,
  action: EMAIL_TEMPLATE_ACTIONS.update,
  async check(work: Work, input: JudgedEmailTemplateInput, current: EmailTemplate) {
    return unjudgedRefusal(input, current) ?? judged(work.trx, work.actor, input, current);
  },
});

export const deleteEmailTemplate = deleteValueCommand({
  ...KIND,
  action: EMAIL_TEMPLATE_ACTIONS.delete,
});
