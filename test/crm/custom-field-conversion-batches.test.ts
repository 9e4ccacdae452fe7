/**
 * A change of a custom field's type over many records is one unit of work that lets the event
 * loop turn between batches (SPEC §18/§19: no work holds the loop over 50 ms; better-sqlite3 runs
 * each statement on the loop). Measured by behaviour, not time: a counter that a setImmediate
 * callback advances, each turn of the loop, moves on while the conversion runs, at least once
 * between every two batches; and every record is still rewritten and told.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { createCustomField, updateCustomField } from '../../src/crm/custom-fields/custom-field.commands.js';
import { holdersOf, REWRITE_BATCH, HOLDERS_BATCH } from '../../src/crm/custom-fields/custom-field-store.js';
import { toldBefore } from '../../src/crm/custom-fields/rewritten-records.js';
import { type Actor, staffActor } from '../../src/identity/actor.js';
import { write } from '../../src/writes/unit-of-work.js';
import { eachDatabase } from '../helpers/databases.js';
import { bookingRow, makeOrganization, makeUser } from '../helpers/factories.js';

const RECORDS = 3000;

/** `work`'s result, and how many times the event loop turned (ran its setImmediate queue) meanwhile. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let counting = true;
  const tick = () => {
    if (!counting) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { result: await work(), turns };
  } finally {
    counting = false;
  }
}

eachDatabase((suite) => {
  let actor: Actor;
  let bookingIds: string[];

  /** A field `key` of `type` that each of the organization's RECORDS bookings holds `value(n)` of. */
  async function heldField(key: string, type = 'number', value: (n: number) => unknown = (n) => n + 0.5) {
    const writer = { db: suite.db, clock: systemClock };
    const field = await write(writer, actor, createCustomField, {
      record_type: 'bookings',
      key,
      label: key,
      field_type: type,
    });
    for (let start = 0; start < bookingIds.length; start += 250) {
      await suite.db.transaction().execute(async (trx) => {
        for (const [n, id] of bookingIds.slice(start, start + 250).entries()) {
          const values = JSON.stringify({ [key]: value(start + n) });
          await trx.updateTable('bookings').set({ custom_fields: values }).where('id', '=', id).execute();
        }
      });
    }
    return field;
  }

  const bookingsUpdated = async (organizationId: string) =>
    (
      await suite.db
        .selectFrom('changes')
        .select('data')
        .where('organization_id', '=', organizationId)
        .where('type', '=', 'booking.updated')
        .execute()
    ).length;

  before(async () => {
    const org = await makeOrganization(suite.db);
    const admin = await makeUser(suite.db, org.id, { role: 'admin' });
    actor = staffActor({ organizationId: org.id, userId: admin.id, role: 'admin', door: 'api' });
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const rows = Array.from({ length: RECORDS }, (_, n) =>
      bookingRow(org.id, new Date(start + n * 60_000).toISOString()),
    );
    for (let i = 0; i < rows.length; i += 100) {
      await suite.db
        .insertInto('bookings')
        .values(rows.slice(i, i + 100))
        .execute();
    }
    bookingIds = rows.map((row) => row.id).sort();
  });

  it('reads the holders of a value a batch at a time, the loop turning between, in id order', async () => {
    const field = await heldField('seats');
    const { result: holders, turns } = await turnsDuring(() => holdersOf(suite.db, field, 100));
    assert.deepEqual(
      holders.map((h) => h.id),
      bookingIds,
    );
    assert.ok(turns >= RECORDS / 100 - 1, `the loop turned ${turns} times over ${RECORDS / 100} batches`);
  });

  it('rewrites and tells the records a batch at a time, the loop turning between', async () => {
    const field = await heldField('budget');
    const told = await bookingsUpdated(actor.organizationId);
    const holders = await holdersOf(suite.db, field);
    const { turns } = await turnsDuring(() =>
      suite.db.transaction().execute(async (trx) => {
        const rewrites = holders.map((holder) => ({ holder, values: { budget: 'rewritten' } }));
        const rewriting = await toldBefore(trx, field, rewrites, 50);
        await rewriting.rewrite(Date.parse('2027-03-01T09:00:00Z'));
      }),
    );
    assert.ok(turns >= RECORDS / 50 - 1, `the loop turned ${turns} times over ${RECORDS / 50} batches`);
    assert.equal((await bookingsUpdated(actor.organizationId)) - told, RECORDS);
    const kept = await suite.db
      .selectFrom('bookings')
      .select('custom_fields')
      .where('organization_id', '=', actor.organizationId)
      .execute();
    assert.deepEqual(
      new Set(kept.map((row) => JSON.parse(row.custom_fields).budget)),
      new Set(['rewritten']),
    );
  });

  it('changes a type over thousands of values in one unit of work that lets the loop turn', async () => {
    // '12.50' becomes 12.5, shown as '12.5': each record's value changes, and each is told.
    const field = await heldField('deposit', 'text', (n) => `${n}.50`);
    const told = await bookingsUpdated(actor.organizationId);
    const writer = { db: suite.db, clock: systemClock };
    const { turns } = await turnsDuring(() =>
      write(writer, actor, updateCustomField, {
        id: field.id,
        ifMatch: undefined,
        input: { field_type: 'number' },
      }),
    );
    const batches = Math.ceil(RECORDS / REWRITE_BATCH) + Math.ceil(RECORDS / HOLDERS_BATCH);
    assert.ok(turns >= batches - 2, `the loop turned ${turns} times over ${batches} batches`);
    assert.equal((await bookingsUpdated(actor.organizationId)) - told, RECORDS);
    const kept = await suite.db
      .selectFrom('bookings')
      .select('custom_fields')
      .where('organization_id', '=', actor.organizationId)
      .execute();
    const deposits = kept.map((row) => JSON.parse(row.custom_fields).deposit as unknown);
    assert.deepEqual(
      deposits.filter((value) => typeof value !== 'number'),
      [],
    );
    assert.ok(deposits.includes(2999.5));
  });
});
