/**
 * A change of a field's type rewrites the values records hold (custom-field.commands.ts): each
 * record rewritten is told as any write of its values is, a `<kind>.updated` change with the new
 * values and `previous_attributes.custom_fields` the old ones, each shown as its type then showed
 * it. The rewrite is set-based: a batch of records is read in one statement, written in one and
 * told in one (recordChangesInBulk), its changes made in memory from the two read contexts, read
 * once each, with no statement per record.
 */
import { statementsHoldLoop } from '../../db/long-writes.js';
import type { Trx } from '../../db/database.js';
import { accountDefinition } from '../accounts/index.js';
import { bookingDefinition } from '../bookings/index.js';
import { type ChangeInBulk, changeRows, recordChangesInBulk, toldUpdate } from '../change-events.js';
import { contactDefinition } from '../contacts/index.js';
import { type ReadContext, readContextOf, type RecordKind, type RowOf } from '../data/rows.js';
import { eventDefinition } from '../events/index.js';
import { nextVersion } from '../records.js';
import {
  type CustomFieldRow,
  type CustomRecordType,
  type Holder,
  nextTurn,
  REWRITE_BATCH,
  REWRITE_BATCH_LEAST,
  rowsOfIds,
  SLICE_MS,
  type StoredValue,
  storedValuesOf,
  writeValuesInBulk,
} from '../custom-fields/definitions.js';

// Every kind holding values is read alike here: by id, its whole row.
const KINDS = {
  bookings: bookingDefinition,
  events: eventDefinition,
  contacts: contactDefinition,
  accounts: accountDefinition,
} as unknown as Record<CustomRecordType, RecordKind<'bookings'>>;

/** A field's new value (undefined: none), to set among the values a record holds when its batch is read. */
export class NewValue {
  constructor(
    readonly key: string,
    readonly value: StoredValue | undefined,
  ) {}

  /** `values` with this one set (or removed). */
  in(values: Record<string, StoredValue>): Record<string, StoredValue> {
    if (this.value === undefined) delete values[this.key];
    else values[this.key] = this.value;
    return values;
  }
}

/** A record's values after the change of type: all of them, or its new value of the field. */
export interface Rewrite {
  holder: Pick<Holder, 'id'>;
  values: Record<string, StoredValue> | NewValue;
}

/** The next batch's size: as many records as would have held the loop SLICE_MS at the last one's pace. */
function nextSize(size: number, held: number, most: number): number {
  const paced = Math.floor((size * SLICE_MS) / Math.max(held, 0.1));
  return Math.max(REWRITE_BATCH_LEAST, Math.min(most, paced, size * 2));
}

/**
 * Reads how the records to rewrite are shown before the field's type changes; `rewrite`, once it
 * has, writes their values and versions and tells each change, at most `batch` records at a time
 * (in id order), the event loop turning between batches: a change of type over 100,000 values
 * stays one unit of work without holding the loop (bench/custom-field-loads.ts). A record's row is
 * read with its batch: the change of type alters the definition, not the row.
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
      if (rewrites.length === 0) return;
      const shown = await readContextOf(trx, kind, field.organization_id);
      // better-sqlite3 runs each statement of the process's connection on the loop, so a batch
      // holds it for all its time; on PostgreSQL and on the long writes' thread (src/db/
      // long-writes.ts), only while its rows and changes are made.
      const onLoop = statementsHoldLoop(trx);
      let size = Math.min(batch, 100);
      for (let start = 0; start < rewrites.length;) {
        if (start > 0) await nextTurn();
        const chunk = rewrites.slice(start, start + size);
        const began = performance.now();
        const rows = await rowsOfIds(
          trx,
          field.record_type,
          chunk.map(({ holder }) => holder.id),
        );
        const making = performance.now();
        const made = rewritten(kind, new Map(rows.map((row) => [row.id, row])), chunk, now, [context, shown]);
        const told = changeRows(field.organization_id, `${kind.singular}.updated`, made.told, now);
        const madeFor = performance.now() - making;
        await writeValuesInBulk(trx, field.record_type, made.rows);
        await recordChangesInBulk(trx, told, made.told, now);
        start += chunk.length;
        size = nextSize(chunk.length, onLoop ? performance.now() - began : madeFor, batch);
      }
    },
  };
}

/** A batch's rows after the change of type (each a new version), and the changes they tell. */
function rewritten(
  kind: RecordKind<'bookings'>,
  before: ReadonlyMap<string, RowOf<'bookings'>>,
  chunk: readonly Rewrite[],
  now: number,
  [context, shown]: [ReadContext | undefined, ReadContext | undefined],
) {
  const rows: Array<RowOf<'bookings'>> = [];
  const told: ChangeInBulk[] = [];
  for (const { holder, values } of chunk) {
    const row = before.get(holder.id);
    if (!row) continue;
    const held = values instanceof NewValue ? values.in(storedValuesOf(row.custom_fields)) : values;
    const after = {
      ...row,
      custom_fields: JSON.stringify(held),
      updated_at: nextVersion(row.updated_at, now),
    };
    rows.push(after);
    const change = toldUpdate(kind, row, after, shown, context);
    if (change) told.push({ object: change.object, previousAttributes: change.previous });
  }
  return { rows, told };
}
