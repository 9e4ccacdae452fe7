/**
 * An account's fields (SPEC §7), each declared once for every door (src/crm/data/fields.ts): the
 * API's attributes and relationship, the forms, the CSV, the documents' merge fields, the
 * assistant. Its custom fields' values (SPEC §19) are kept beside them, in `custom_fields`.
 */
import { defineFields, field } from '../data/fields.js';

/** Not merged as `{{ account.<name> }}`: the documents say it their way (its `address`). */
const UNMERGED = { merge: false } as const;

const optional = (
  label: string,
  maxLength: number,
  more: { writeDescription?: string; merge?: false } = {},
) => field('text', label, { nullable: true, writable: true, form: true, limits: { maxLength }, ...more });

export const ACCOUNT_FIELDS = defineFields({
  name: field('text', 'Name', {
    writable: true,
    form: true,
    writeDescription: 'Required',
    limits: { minLength: 1, maxLength: 200 },
  }),
  email: optional('E-mail', 254, { writeDescription: 'An e-mail address' }),
  phone: optional('Phone', 50),
  website: optional('Website', 500, UNMERGED),
  address_line1: optional('Address', 200, UNMERGED),
  address_line2: optional('Address (line 2)', 200, UNMERGED),
  city: optional('City', 100, UNMERGED),
  region: optional('Region', 100, UNMERGED),
  postal_code: optional('Postal code', 20, UNMERGED),
  country: field('text', 'Country', {
    nullable: true,
    writable: true,
    form: true,
    ...UNMERGED,
    limits: { maxLength: 2 },
    description: 'ISO 3166-1 alpha-2',
    writeDescription: 'ISO 3166-1 alpha-2, e.g. US',
  }),
  owner_id: field('id', 'Owner', {
    nullable: true,
    writable: true,
    ...UNMERGED,
    relationship: { name: 'owner', type: 'users' },
    description: 'A member of the organization',
  }),
  created_at: field('instant', 'Created', UNMERGED),
  updated_at: field('instant', 'Updated', UNMERGED),
});
