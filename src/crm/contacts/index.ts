/**
 * Contacts, the people a venue deals with (SPEC §7, §15): the one face the doors use
 * (docs/decisions/0017-faces-codecs-and-fields.md) — the value and its codec, the fields, the
 * policy, the commands and the queries. The row type never leaves this folder.
 */
export { CONTACT_FIELDS } from './contact.fields.js';
export { type Contact, type ContactChanges, contactCodec } from './contact.value.js';
export { CONTACT_ACTIONS } from './contact.policy.js';
export {
  type ContactInput,
  contactProblems,
  createContact,
  createContactsInBulk,
  deleteContact,
  updateContact,
} from './contact.commands.js';
export { checkContact } from './contact-rules.js';
export { contactDeletion } from './contact-deletion.js';
export { contactChoices, contactName, contactsPage, findContact } from './contact.reads.js';
export { contactWithEmail, emailKey } from './contact-email.js';
export { insertContacts } from './contact.repository.js';
export { contactDefinition } from './contact.resource.js';
export { ContactWriteAttributes } from './contact.bodies.js';
