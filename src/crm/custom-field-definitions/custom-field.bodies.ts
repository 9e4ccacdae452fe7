/** The request documents of POST and PATCH /v2/custom_fields (SPEC §19). */
import { Type } from 'typebox';
import { Nullable, StringEnum } from '../../api/jsonapi.js';
import { changes, createDocument, updateDocument } from '../../api/request-documents.js';
import { CUSTOM_FIELD_TYPES, CUSTOM_RECORD_TYPES } from '../custom-fields/definitions.js';

const Option = Type.Object(
  {
    value: Type.String({
      maxLength: 100,
      description: 'Kept in records; never changes while records hold it',
    }),
    label: Type.String({ maxLength: 200 }),
    archived: Type.Optional(
      Type.Boolean({ description: 'Kept on the records holding it, refused to new writes' }),
    ),
  },
  { additionalProperties: false },
);

const CustomFieldWriteAttributes = Type.Object(
  {
    record_type: StringEnum(CUSTOM_RECORD_TYPES, 'Never changes'),
    key: Type.String({
      maxLength: 64,
      description: '^[a-z][a-z0-9_]{0,39}$, unique per record type; never changes',
    }),
    label: Type.String({ maxLength: 200 }),
    field_type: StringEnum(
      CUSTOM_FIELD_TYPES,
      'A change converts the values records hold (see meta.preview)',
    ),
    options: Type.Optional(
      Type.Array(Option, { maxItems: 200, description: 'select and multi_select only' }),
    ),
    required: Type.Optional(Type.Boolean()),
    help_text: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    on_inquiry_form: Type.Optional(Type.Boolean({ description: 'bookings and contacts only' })),
    archived: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const CustomFieldCreateBody = createDocument('custom_fields', {
  attributes: CustomFieldWriteAttributes,
});

const ChangeMeta = Type.Object(
  {
    preview: Type.Optional(
      Type.Boolean({ description: 'Answer what a change of type would convert; change nothing' }),
    ),
    drop_unconvertible: Type.Optional(Type.Boolean({ description: 'Clear the values that cannot convert' })),
  },
  { additionalProperties: false },
);

export const CustomFieldUpdateBody = Type.Object(
  {
    ...updateDocument('custom_fields', { attributes: changes(CustomFieldWriteAttributes) }).properties,
    meta: Type.Optional(ChangeMeta),
  },
  { additionalProperties: false },
);

export const ConversionMeta = Type.Object({
  convertible: Type.Integer(),
  unconvertible_count: Type.Integer(),
  unconvertible: Type.Array(Type.Object({ record_id: Type.String(), value: Type.Unknown() })),
});
