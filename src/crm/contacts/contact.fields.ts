/**
 * A contact's fields (SPEC §7), each declared once for every door (src/crm/data/fields.ts): the
 * API's attributes and relationship, the forms, the CSV, the documents' merge fields, the
 * assistant. Its custom fields' values (SPEC §19) are kept beside them, in `custom_fields`.
 */
import { defineFields, field } from '../data/fields.js';

const optional = (label: string, maxLength: number, writeDescription?: string) =>
  field('text', label, {
    nullable: true,
    writable: true,
    form: true,
    limits: { maxLength },
    ...(writeDescription ? { writeDescription } : {}),
  });

/** Not merged as `{{ contact.<name> }}`: the documents say its account their way. */
const UNMERGED = { merge: false } as const;

export const CONTACT_FIELDS = defineFields({
  first_name: field('text', 'First name', {
    writable: true,
    form: true,
    writeDescription: 'A first or a last name is required',
    limits: { maxLength: 100 },
  }),
  last_name: field('text', 'Last name', {
    writable: true,
    form: true,
    writeDescription: 'A first or a last name is required',
    limits: { maxLength: 100 },
  }),
  email: optional('E-mail', 254, 'An e-mail address'),
  phone: optional('Phone', 50),
  title: optional('Job title', 200),
  account_id: field('id', 'Account', {
    nullable: true,
    writable: true,
    form: true,
    ...UNMERGED,
    relationship: { name: 'account', type: 'accounts' },
    description: 'An account of the same organization',
  }),
  created_at: field('instant', 'Created', UNMERGED),
  updated_at: field('instant', 'Updated', UNMERGED),
});
