/**
 * The face of custom fields' definitions, for the doors that write them (Settings → Custom
 * fields): their rows, rules, commands and the preview of a change of type. Kept beside index.ts,
 * the face of the values, because the kinds' resources read values through index.ts and the
 * commands here rewrite those kinds' records: one face for both would be an import circle.
 */
export type { CustomFieldRow, CustomFieldType, CustomRecordType } from './custom-field.table.js';
export { CUSTOM_FIELD_TYPES, CUSTOM_RECORD_TYPES } from './custom-field.table.js';
export { definitionsOf } from './custom-field-store.js';
export { customFieldDefinition } from './custom-field.resource.js';
export { customFieldCodec, type CustomFieldDefinition, optionsOf } from './custom-field.codec.js';
export {
  createCustomField,
  type CustomFieldInput,
  customFieldProblems,
  deleteCustomField,
  previewConversion,
  updateCustomField,
} from './custom-field.commands.js';
export { type FieldOrder, orderedIds, reorderCustomFields } from './custom-field-order.js';
