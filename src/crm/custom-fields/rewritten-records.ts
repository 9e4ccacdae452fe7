/**
 * A change of a field's type rewrites the values records hold (custom-field.commands.ts): each
 * record rewritten is told as any write of its values is, a `<kind>.updated` change with the new
 * values and `previous_attributes.custom_fields` the old ones, each shown as its type then showed
 * it.
 */
import type { Trx } from '../../db/database.js';
import { accountDefinition } from '../accounts/account.resource.js';
import { bookingDefinition } from '../bookings/booking.resource.js';
import { recordUpdated } from '../change-events.js';
import { contactDefinition } from '../contacts/contact.resource.js';
import { readContextOf, type RecordKind, type RowOf } from '../data/rows.js';
import { eventDefinition } from '../events/event.resource.js';
import type { StoredValue } from './custom-field-values.js';
import { type Holder, writeValues } from './custom-field-store.js';
import type { CustomFieldRow, CustomRecordType } from './custom-field.table.js';

// Every kind holding values is read alike here: by id, its whole row.
const KINDS = {
  bookings: bookingDefinition,
  events: eventDefinition,
  contacts: contactDefinition,
  accounts: accountDefinition,
} as unknown as Record<CustomRecordType, RecordKind<'bookings'>>;

const rowOf = (trx: Trx, recordType: CustomRecordType, id: string): Promise<RowOf<'bookings'>> =>
  trx
    .selectFrom(recordType as 'bookings')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** A record's values after the change of type. */
export interface Rewrite {
  holder: Holder;
  values: Record<string, StoredValue>;
}

/**
 * Reads the records to rewrite as they are shown before the field's type changes; `rewrite`, once
 * it has, writes their values and tells each change.
 */
export async function toldBefore(
  trx: Trx,
  field: CustomFieldRow,
  rewrites: readonly Rewrite[],
): Promise<{ rewrite(now: number): Promise<void> }> {
  const kind = KINDS[field.record_type];
  const context = rewrites.length ? await readContextOf(trx, kind, field.organization_id) : undefined;
  const before = new Map<string, RowOf<'bookings'>>();
  for (const { holder } of rewrites) before.set(holder.id, await rowOf(trx, field.record_type, holder.id));
  return {
    async rewrite(now) {
      for (const { holder, values } of rewrites) {
        await writeValues(trx, field.record_type, holder, values, now);
        const after = await rowOf(trx, field.record_type, holder.id);
        await recordUpdated(trx, kind, before.get(holder.id)!, after, now, context);
      }
    },
  };
}
