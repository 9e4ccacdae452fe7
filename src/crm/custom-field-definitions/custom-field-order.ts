/**
 * The order of a record type's custom fields (SPEC §19 `position`), set at once: the ids in their
 * new order, the rest after them as they were. Each definition whose place moved is changed (and
 * told as a change); positions are 1, 2, 3 … in the order given. Admins only, as every write of
 * a definition (custom-field.policy.ts).
 */
import type { Command } from '../../writes/unit-of-work.js';
import { changeEach } from '../records.js';
import {
  CUSTOM_FIELD_ACTIONS,
  CUSTOM_RECORD_TYPES,
  customFieldCodec,
  customFieldDefinition,
  type CustomFieldDefinition,
  type CustomRecordType,
  definitionsOf,
} from '../custom-fields/definitions.js';

export interface FieldOrder {
  recordType: CustomRecordType;
  /** The definitions' ids in their new order; ids of other record types or organizations are ignored. */
  order: readonly string[];
}

/** The ids of `fields` in the order asked, those not named after them in the order they had. */
export function orderedIds(fields: readonly { id: string }[], order: readonly string[]): string[] {
  const known = new Set(fields.map((f) => f.id));
  const named = [...new Set(order.filter((id) => known.has(id)))];
  return [...named, ...fields.map((f) => f.id).filter((id) => !named.includes(id))];
}

export const reorderCustomFields: Command<FieldOrder, CustomFieldDefinition[]> = {
  action: CUSTOM_FIELD_ACTIONS.reorder,
  async run({ trx, actor, now }, { recordType, order }) {
    if (!CUSTOM_RECORD_TYPES.includes(recordType)) return [];
    const fields = await definitionsOf(trx, actor.organizationId, recordType);
    const ids = orderedIds(fields, order);
    const place = (field: { id: string }) => ids.indexOf(field.id) + 1;
    const moved = fields.filter((f) => customFieldCodec.decode(f).position !== place(f));
    await changeEach(trx, customFieldDefinition, moved, (f) => ({ position: place(f) }), now);
    return (await definitionsOf(trx, actor.organizationId, recordType)).map(customFieldCodec.decode);
  },
};
