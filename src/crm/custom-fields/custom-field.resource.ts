/** Custom fields' definitions as the API shows them (SPEC §19): GET /v2/custom_fields. */
import { Type } from 'typebox';
import { NullableString, resourceSchema, StringEnum, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { flag } from '../data/row-mappers.js';
import type { FieldOption } from './custom-field-values.js';
import { CUSTOM_FIELD_TYPES, CUSTOM_RECORD_TYPES, type CustomFieldRow } from './custom-field.table.js';

export const OptionSchema = Type.Object({
  value: Type.String(),
  label: Type.String(),
  archived: Type.Boolean(),
});

export const CustomFieldAttributes = Type.Object({
  record_type: StringEnum(CUSTOM_RECORD_TYPES),
  key: Type.String({ description: 'Its name in custom_fields: ^[a-z][a-z0-9_]{0,39}$; never changes' }),
  label: Type.String(),
  field_type: StringEnum(CUSTOM_FIELD_TYPES),
  options: Type.Array(OptionSchema, { description: 'A select’s options (empty for other types)' }),
  required: Type.Boolean(),
  help_text: NullableString(),
  position: Type.Integer(),
  on_inquiry_form: Type.Boolean(),
  archived: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const CustomFieldResource = resourceSchema('custom_fields', CustomFieldAttributes, {});

/** A definition's options, as kept. */
export function optionsOf(row: Pick<CustomFieldRow, 'options'>): FieldOption[] {
  return JSON.parse(row.options) as FieldOption[];
}

export const customFieldDefinition: ResourceDefinition<'custom_fields'> = {
  type: 'custom_fields',
  path: '/v2/custom_fields',
  schema: CustomFieldResource,
  tag: 'Custom fields',
  noun: 'custom fields',
  singular: 'custom_field',
  sortable: ['position', 'key', 'created_at', 'updated_at'],
  defaultSort: 'position',
  filters: {
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
    record_type: { column: 'record_type', kind: 'enum', values: CUSTOM_RECORD_TYPES },
    archived: { column: 'archived', kind: 'boolean' },
  },
  includes: {},
  toResource: (row, baseUrl) => ({
    type: 'custom_fields',
    id: row.id,
    attributes: {
      record_type: row.record_type,
      key: row.key,
      label: row.label,
      field_type: row.field_type,
      options: optionsOf(row),
      required: flag(row.required),
      help_text: row.help_text,
      position: Number(row.position),
      on_inquiry_form: flag(row.on_inquiry_form),
      archived: flag(row.archived),
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    links: { self: `${baseUrl}/v2/custom_fields/${row.id}` },
  }),
};
