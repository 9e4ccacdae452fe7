/** A venue's own field of a kind of record (SPEC §19), as its definition is kept. */
import type { Generated, Selectable } from 'kysely';

export const CUSTOM_RECORD_TYPES = ['bookings', 'events', 'accounts', 'contacts'] as const;
export type CustomRecordType = (typeof CUSTOM_RECORD_TYPES)[number];

export const CUSTOM_FIELD_TYPES = [
  'text',
  'long_text',
  'number',
  'money',
  'date',
  'boolean',
  'select',
  'multi_select',
  'email',
  'url',
  'phone',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export interface CustomFieldTable {
  id: string;
  organization_id: string;
  record_type: CustomRecordType;
  /** Its name in `custom_fields` (`^[a-z][a-z0-9_]{0,39}$`), unique per record type; never changes. */
  key: string;
  label: string;
  field_type: CustomFieldType;
  /** JSON array of `{value, label, archived}` (selects; empty for the others). */
  options: Generated<string>;
  required: Generated<number>;
  help_text: string | null;
  position: Generated<number>;
  on_inquiry_form: Generated<number>;
  archived: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type CustomFieldRow = Selectable<CustomFieldTable>;

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    custom_fields: CustomFieldTable;
  }
}
