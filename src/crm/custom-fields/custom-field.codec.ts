/**
 * A custom field's definition as the domain knows it, and its codec: the row of `custom_fields`
 * read into the value, the one place its options' JSON, its flags and its position are decoded (a
 * driver may hand a number over as text), and the value written back as its row (for the rules,
 * which judge a change against the row). The row type never leaves this folder and the writing of
 * the definitions (src/crm/custom-field-definitions). A record's values (its `custom_fields` JSON) are decoded
 * here too, for every kind alike; the face (index.ts) gives them to the rest of the house.
 */
import { flag } from '../data/row-mappers.js';
import type { FieldOption, StoredValue } from './custom-field-values.js';
import type { CustomFieldRow, CustomFieldType, CustomRecordType } from './custom-field.table.js';

/** A definition, as every door sees it. */
export interface CustomFieldDefinition {
  id: string;
  organizationId: string;
  recordType: CustomRecordType;
  key: string;
  label: string;
  fieldType: CustomFieldType;
  options: FieldOption[];
  required: boolean;
  helpText: string | null;
  position: number;
  onInquiryForm: boolean;
  archived: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A definition's options, as kept. */
export function optionsOf(row: Pick<CustomFieldRow, 'options'>): FieldOption[] {
  return JSON.parse(row.options) as FieldOption[];
}

export const customFieldCodec = {
  decode(row: CustomFieldRow): CustomFieldDefinition {
    return {
      id: row.id,
      organizationId: row.organization_id,
      recordType: row.record_type,
      key: row.key,
      label: row.label,
      fieldType: row.field_type,
      options: optionsOf(row),
      required: flag(row.required),
      helpText: row.help_text,
      position: Number(row.position),
      onInquiryForm: flag(row.on_inquiry_form),
      archived: flag(row.archived),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  },
  encode(field: CustomFieldDefinition): CustomFieldRow {
    return {
      id: field.id,
      organization_id: field.organizationId,
      record_type: field.recordType,
      key: field.key,
      label: field.label,
      field_type: field.fieldType,
      options: JSON.stringify(field.options),
      required: field.required ? 1 : 0,
      help_text: field.helpText,
      position: field.position,
      on_inquiry_form: field.onInquiryForm ? 1 : 0,
      archived: field.archived ? 1 : 0,
      created_at: field.createdAt,
      updated_at: field.updatedAt,
    };
  },
};

/**
 * A record's stored values (its `custom_fields` JSON) by key: the one place doors, automations'
 * conditions and the rest read it from; none kept (no column, empty) is none.
 */
export const storedValuesOf = (column: unknown): Record<string, StoredValue> =>
  typeof column === 'string' && column !== '' ? (JSON.parse(column) as Record<string, StoredValue>) : {};

/** One field's value, as a read of that value alone gives it (its JSON text, as `held`). */
export const heldValueOf = (row: { held: string }): StoredValue => JSON.parse(row.held) as StoredValue;
