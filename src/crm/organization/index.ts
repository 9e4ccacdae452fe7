/**
 * The organization itself, its settings and what they are read for (its time zone, its sending
 * window): the one face the doors use (docs/decisions/0017-faces-codecs-and-fields.md). Its
 * settings are read as a value (`findOrganization`, with the version its forms carry), which its
 * command gives back too; `organizationOf` still gives the doors that read its time zone, locale,
 * currency or service charge the organization's row, unnamed.
 */
export {
  findOrganization,
  organizationOf,
  organizationSendingWindow,
  organizationZone,
} from './organization.reads.js';
export { checkOrganization, type OrganizationInput } from './organization-rules.js';
export { updateOrganization } from './organization.commands.js';
export { setAssistantRegistration, setMailFrom } from './organization-settings.commands.js';
export { sendMailAgain, sendTestMail } from './outgoing-mail.commands.js';
export type { OrganizationValue } from './organization.codec.js';
/** A value with the version its form carries back, as the organization's reads give it. */
export type { Versioned } from '../data/reads.js';
