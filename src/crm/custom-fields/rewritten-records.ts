/**
 * A change of a field's type rewrites the values records hold (custom-field.commands.ts): each
 * record rewritten is told as any write of its values is, a `<kind>.updated` change with the new
 * values and `previous_attributes.custom_fields` the old ones, each shown as its type then showed
 * it.
 */
import type { Trx } from '../../db/database.js';
import { accountDefinition } from '../accounts/index.js';
import { bookingDefinition } from '../bookings/booking.resource.js';
import { recordUpdated } from '../change-events.js';
import { contactDefinition } from '../contacts/index.js';
import { readContextOf, type RecordKind, type RowOf } from '../data/rows.js';
import { eventDefinition } from '../events/event.resource.js';
import type { StoredValue } from './custom-field-values.js';
import { type Holder, nextTurn, REWRITE_BATCH, SLICE_MS, writeValues } from './custom-field-store.js';
import type { CustomFieldRow, CustomRecordType } from './custom-field.table.js';

// Every kind holding values is read alike here: by id, its whole row.
const KINDS = {
  bookings: bookingDefinition,
  events: eventDefinition,
  contacts: contactDefinition,
  accounts: accountDefinition,
} as unknown as Record<CustomRecordType, RecordKind<'bookings'>>;

/** The records of `ids`, whole, by id. */
async function rowsOf(trx: Trx, recordType: CustomRecordType, ids: readonly string[]) {
  const rows = await trx
    .selectFrom(recordType as 'bookings')
    .selectAll()
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row): [string, RowOf<'bookings'>] => [row.id, row]));
}

/** A record's values after the change of type. */
export interface Rewrite {
  holder: Holder;
  values: Record<string, StoredValue>;
}

/**
 * Reads how the records to rewrite are shown before the field's type changes; `rewrite`, once it
 * has, writes their values and tells each change, `batch` records at a time (in id order, and
 * fewer when a batch has run SLICE_MS), the event loop turning between batches: a change of type over 100,000 values stays one unit of
 * work without holding the loop (bench/custom-field-loads.ts). A record's row is read
 * just before its values are written: the change of type alters the definition, not the row.
 */
export async function toldBefore(
  trx: Trx,
  field: CustomFieldRow,
  rewrites: readonly Rewrite[],
  batch = REWRITE_BATCH,
): Promise<{ rewrite(now: number): Promise<void> }> {
  const kind = KINDS[field.record_type];
  const context = rewrites.length ? await readContextOf(trx, kind, field.organization_id) : undefined;
  return {
    async rewrite(now) {
      let slice = performance.now();
      const turn = async () => {
        await nextTurn();
        slice = performance.now();
      };
      for (let start = 0; start < rewrites.length; start += batch) {
        if (start > 0) await turn();
        const chunk = rewrites.slice(start, start + batch);
        const before = await rowsOf(
          trx,
          field.record_type,
          chunk.map(({ holder }) => holder.id),
        );
        for (const [n, { holder, values }] of chunk.entries()) {
          if (n > 0 && performance.now() - slice >= SLICE_MS) await turn();
          await writeValues(trx, field.record_type, holder, values, now);
          const [after] = (await rowsOf(trx, field.record_type, [holder.id])).values();
          await recordUpdated(trx, kind, before.get(holder.id)!, after!, now, context);
        }
      }
    },
  };
}
