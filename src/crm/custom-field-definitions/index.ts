/**
 * The face of custom fields' definitions, for the doors that write them (Settings → Custom
 * fields, the API's /v2/custom_fields): their values (decoded by the custom fields' codec, a
 * record type's in order, one with its version), commands and order, the problems of a change
 * and the preview of a change of type, judged against the value. The row type stays beneath, in
 * this folder and the custom fields'. A folder over the kinds that hold values: a change of type
 * rewrites those kinds' records and tells each change as its kind shows it (rewritten-records.ts),
 * while the kinds show their values through the custom fields' own face
 * (src/crm/custom-fields/index.ts), beneath them.
 */
export {
  CUSTOM_FIELD_TYPES,
  CUSTOM_RECORD_TYPES,
  customFieldCodec,
  customFieldDefinition,
  type CustomFieldDefinition,
  type CustomFieldType,
  type CustomRecordType,
} from '../custom-fields/definitions.js';
export {
  createCustomField,
  type CustomFieldInput,
  customFieldProblems,
  deleteCustomField,
  updateCustomField,
} from './custom-field.commands.js';
export {
  customFieldChangeProblems,
  fieldDefinitionsOf,
  findCustomField,
  typeChangePreview,
} from './custom-field.reads.js';
export { type FieldOrder, orderedIds, reorderCustomFields } from './custom-field-order.js';
