/**
 * The organization itself, its settings and what they are read for (its time zone, its sending
 * window): the one face the doors use (docs/decisions/0017-faces-codecs-and-fields.md).
 */
export { organizationOf, organizationSendingWindow, organizationZone } from './organization.reads.js';
export { checkOrganization, type OrganizationInput } from './organization-rules.js';
export { updateOrganization } from './organization.commands.js';
export { setAssistantRegistration, setMailFrom } from './organization-settings.commands.js';
export { sendMailAgain, sendTestMail } from './outgoing-mail.commands.js';
export type { OrganizationRow } from './organization.resource.js';
export { type VenuePricing, venuePricingCodec } from './organization.codec.js';
