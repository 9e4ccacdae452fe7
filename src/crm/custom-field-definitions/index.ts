/**
 * The face of custom fields' definitions, for the doors that write them (Settings → Custom
 * fields, the API's /v2/custom_fields): their rows, commands and order, and the preview of a change
 * of type. A folder over the kinds that hold values: a change of type rewrites those kinds' records
 * and tells each change as its kind shows it (rewritten-records.ts), while the kinds show their
 * values through the custom fields' own face (src/crm/custom-fields/index.ts), beneath them.
 */
export {
  CUSTOM_FIELD_TYPES,
  CUSTOM_RECORD_TYPES,
  customFieldCodec,
  customFieldDefinition,
  type CustomFieldDefinition,
  type CustomFieldRow,
  type CustomFieldType,
  type CustomRecordType,
  definitionsOf,
  optionsOf,
} from '../custom-fields/definitions.js';
export {
  createCustomField,
  type CustomFieldInput,
  customFieldProblems,
  deleteCustomField,
  previewConversion,
  updateCustomField,
} from './custom-field.commands.js';
export { type FieldOrder, orderedIds, reorderCustomFields } from './custom-field-order.js';
