/** Custom fields' definitions, the venue's setup (SPEC §19): the actions a grant names (src/policy). */
import { defineActions } from '../../policy/action.js';

export const CUSTOM_FIELD_ACTIONS = defineActions(
  'custom_fields',
  { create: {}, update: {}, delete: {}, reorder: {} },
  'Only organization admins may change custom fields.',
);
