/**
 * E-mail templates, the venue's words to its clients (SPEC §17): the one face the doors use
 * (docs/decisions/0017-faces-codecs-and-fields.md) — the value and its codec, the fields, the
 * policy, the commands, the queries, the defaults every organization starts with, and the template
 * written for a booking. The row type never leaves this folder.
 */
export { EMAIL_TEMPLATE_FIELDS } from './email-template.fields.js';
export { EMAIL_TEMPLATE_KINDS, type EmailTemplateKind } from './email-template-kinds.js';
export { type EmailTemplate, type EmailTemplateChanges, emailTemplateCodec } from './email-template.value.js';
export { EMAIL_TEMPLATE_ACTIONS } from './email-template.policy.js';
export {
  type EmailTemplateInput,
  type JudgedEmailTemplateInput,
  judgeEmailTemplate,
} from './email-template-check.js';
export {
  createEmailTemplate,
  deleteEmailTemplate,
  emailTemplateProblems,
  updateEmailTemplate,
} from './email-template.commands.js';
export { findEmailTemplate, listEmailTemplates } from './email-template.reads.js';
export { DEFAULT_EMAIL_TEMPLATES, insertDefaultEmailTemplates } from './default-email-templates.js';
export {
  type RenderedEmail,
  renderEmailTemplate,
  type RenderingContext,
  type RenderOptions,
} from './email-template-render.js';
export { emailTemplateDefinition, emailTemplateResource } from './email-template.resource.js';
