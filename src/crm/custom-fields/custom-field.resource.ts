/** Custom fields' definitions as the API shows them (SPEC §19): GET /v2/custom_fields. */
import { Type } from 'typebox';
import { NullableString, resourceSchema, StringEnum, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { customFieldCodec, optionsOf } from './custom-field.codec.js';
import { CUSTOM_FIELD_TYPES, CUSTOM_RECORD_TYPES } from './custom-field.table.js';

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

export { optionsOf };

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
  toResource: (row, baseUrl) => {
    const field = customFieldCodec.decode(row);
    return {
      type: 'custom_fields',
      id: field.id,
      attributes: {
        record_type: field.recordType,
        key: field.key,
        label: field.label,
        field_type: field.fieldType,
        options: field.options,
        required: field.required,
        help_text: field.helpText,
        position: field.position,
        on_inquiry_form: field.onInquiryForm,
        archived: field.archived,
        created_at: field.createdAt,
        updated_at: field.updatedAt,
      },
      links: { self: `${baseUrl}/v2/custom_fields/${field.id}` },
    };
  },
};
