/**
 * What the writing of custom fields' definitions (src/crm/custom-field-definitions) stands on:
 * the definitions' rows, rules, store, resource and policy. The writing sits above the kinds whose
 * records hold values (a change of type rewrites and tells them), and those kinds' resources show
 * their values through index.ts: so the definitions' writing is a folder of its own, over both.
 */
export {
  definitionsOf,
  dropIndex,
  heldValuesOf,
  type Holder,
  HOLDERS_BATCH,
  holdersOf,
  keepIndex,
  nextTurn,
  REWRITE_BATCH,
  REWRITE_BATCH_LEAST,
  rowsOfIds,
  SLICE_MS,
  writeValuesInBulk,
} from './custom-field-store.js';
export {
  customFieldCodec,
  type CustomFieldDefinition,
  optionsOf,
  storedValuesOf,
} from './custom-field.codec.js';
export { customFieldDefinition, CustomFieldResource } from './custom-field.resource.js';
export { CUSTOM_FIELD_ACTIONS } from './custom-field.policy.js';
export {
  CUSTOM_FIELD_TYPES,
  CUSTOM_RECORD_TYPES,
  type CustomFieldRow,
  type CustomFieldType,
  type CustomRecordType,
} from './custom-field.table.js';
export { checkCustomField, type CustomFieldInput } from './custom-field-rules.js';
export { convertValue, type StoredValue } from './custom-field-values.js';
