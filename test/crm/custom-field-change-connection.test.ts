/**
 * A change of a custom field's type runs as the command that may be long it is (SPEC §19): on
 * SQLite its transaction runs on the long writes' connection, on a thread of its own
 * (src/db/sqlite-long-writes.ts); on PostgreSQL on the pool as any write. Either way it stays one
 * unit of work: a failure part-way through the rewrite leaves every value, version, change and
 * webhook delivery as it was, and the same change then commits whole. The process's other writes
 * made meanwhile (units of work, and on SQLite single statements outside a transaction) wait for it and then
 * succeed, on SQLite with a busy timeout shorter than the change: they never fail for it.
 * No timing is asserted.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { before, it } from 'node:test';
import { sql } from 'kysely';
import { isoTime, systemClock } from '../../src/clock.js';
import {
  createCustomField,
  updateCustomField,
} from '../../src/crm/custom-field-definitions/custom-field.commands.js';
import { openDatabase } from '../../src/db/connect.js';
import type { Db } from '../../src/db/database.js';
import { newId } from '../../src/db/ids.js';
import { longWritesOf } from '../../src/db/long-writes.js';
import { type Actor, staffActor } from '../../src/policy/actor.js';
import { createIntegration } from '../../src/integrations/integration.service.js';
import { insertEndpoint } from '../../src/webhooks/endpoint.repository.js';
import { write } from '../../src/writes/unit-of-work.js';
import { eachDatabase } from '../helpers/databases.js';
import { bookingRow, makeOrganization, makeUser } from '../helpers/factories.js';

const RECORDS = 1500;

eachDatabase((suite) => {
  let actor: Actor;
  let bookingIds: string[];
  let endpointId: string;

  /** A text field each of the organization's bookings holds `${n}.50` of (a number once converted). */
  async function heldField(key: string) {
    const field = await write({ db: suite.db, clock: systemClock }, actor, createCustomField, {
      record_type: 'bookings',
      key,
      label: key,
      field_type: 'text',
    });
    for (let start = 0; start < bookingIds.length; start += 250) {
      await suite.db.transaction().execute(async (trx) => {
        for (const [n, id] of bookingIds.slice(start, start + 250).entries()) {
          const values = JSON.stringify({ [key]: `${start + n}.50` });
          await trx.updateTable('bookings').set({ custom_fields: values }).where('id', '=', id).execute();
        }
      });
    }
    return field;
  }

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
    const { integration } = await createIntegration(suite.db, {
      organizationId: org.id,
      name: 'Mirror',
      kind: 'private',
      ownerEmail: admin.email,
    });
    const at = isoTime(Date.parse('2026-06-01T00:00:00Z'));
    endpointId = newId(Date.parse(at));
    await suite.db.transaction().execute((trx) =>
      insertEndpoint(trx, {
        id: endpointId,
        integration_id: integration.id,
        organization_id: org.id,
        url: 'https://hooks.example/in',
        description: null,
        events: JSON.stringify(['booking.updated']),
        secret: 'whsec_test',
        disabled_at: null,
        disabled_reason: null,
        failing_since: null,
        created_at: at,
        updated_at: at,
      }),
    );
  });

  /** Everything a change of type writes: values and versions, changes, deliveries, the definition. */
  async function written(fieldId: string) {
    const [bookings, changes, deliveries, field] = await Promise.all([
      suite.db
        .selectFrom('bookings')
        .select(['id', 'custom_fields', 'updated_at'])
        .where('organization_id', '=', actor.organizationId)
        .orderBy('id')
        .execute(),
      suite.db
        .selectFrom('changes')
        .select(['id', 'type'])
        .where('organization_id', '=', actor.organizationId)
        .orderBy('id')
        .execute(),
      suite.db
        .selectFrom('webhook_deliveries')
        .select('change_id')
        .where('endpoint_id', '=', endpointId)
        .orderBy('change_id')
        .execute(),
      suite.db
        .selectFrom('custom_fields')
        .select(['field_type', 'updated_at'])
        .where('id', '=', fieldId)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      bookings: bookings.map((b) => ({ ...b, updated_at: String(b.updated_at) })),
      changes,
      deliveries,
      field,
    };
  }

  const change = (db: Db, fieldId: string) =>
    write({ db, clock: systemClock }, actor, updateCustomField, {
      id: fieldId,
      ifMatch: undefined,
      input: { field_type: 'number' },
    });

  it('runs on the long writes’ connection on SQLite, on the pool on PostgreSQL', () => {
    const sqlite = suite.database.dialect === 'sqlite';
    assert.equal(longWritesOf(suite.db) !== suite.db, sqlite);
    assert.equal(
      updateCustomField.longWrite?.({ id: 'x', ifMatch: undefined, input: { field_type: 'text' } }),
      true,
    );
    assert.equal(
      updateCustomField.longWrite?.({ id: 'x', ifMatch: undefined, input: { label: 'x' } }),
      false,
    );
  });

  it('leaves nothing changed when the change fails part-way, then commits it whole', async () => {
    const field = await heldField('rooms');
    const failing = bookingIds[RECORDS - 50]!;
    const trigger =
      suite.database.dialect === 'sqlite'
        ? [
            sql`create trigger fail_part_way before update on bookings when new.id = ${sql.lit(failing)}
              begin select raise(abort, 'failed part-way'); end`,
          ]
        : [
            sql`create function fail_part_way() returns trigger language plpgsql as $$ begin
              if new.id = ${sql.lit(failing)} then raise exception 'failed part-way'; end if; return new; end $$`,
            sql`create trigger fail_part_way before update on bookings for each row execute function fail_part_way()`,
          ];
    for (const statement of trigger) await statement.execute(suite.db);
    const before = await written(field.id);
    try {
      await assert.rejects(change(suite.db, field.id), /failed part-way/);
    } finally {
      await sql`drop trigger fail_part_way${sql.raw(suite.database.dialect === 'sqlite' ? '' : ' on bookings')}`.execute(
        suite.db,
      );
    }
    assert.deepEqual(await written(field.id), before);

    const changed = await change(suite.db, field.id);
    assert.equal(changed.field_type, 'number');
    const after = await written(field.id);
    const told = after.changes.slice(before.changes.length).filter((c) => c.type === 'booking.updated');
    assert.equal(told.length, RECORDS);
    const delivered = new Set(after.deliveries.map((d) => d.change_id));
    assert.equal(after.deliveries.length - before.deliveries.length, RECORDS);
    assert.deepEqual(
      told.filter((c) => !delivered.has(c.id)),
      [],
    );
    for (const [n, booking] of after.bookings.entries()) {
      assert.equal(JSON.parse(booking.custom_fields).rooms, n + 0.5);
      assert.ok(booking.updated_at > before.bookings[n]!.updated_at, `${booking.id} kept its version`);
    }
  });

  it('has the other writes made meanwhile wait for the change, then succeed', async () => {
    const field = await heldField('floors');
    // On SQLite, a connection of its own to the file whose writes give up on another's lock after 100 ms.
    const own =
      suite.database.dialect === 'sqlite'
        ? openDatabase({ dataDir: path.dirname(suite.database.handle.location), busyTimeoutMs: 100 })
        : suite.database.handle;
    const writer = { db: own.db, clock: systemClock };
    try {
      let changing = true;
      const changed = change(own.db, field.id).finally(() => (changing = false));
      const writes: Array<Promise<unknown>> = [];
      for (let n = 0; changing && n < 40; n++) {
        writes.push(
          // A single statement outside a transaction on SQLite; on PostgreSQL, where a statement
          // on bookings beside the change may deadlock with it, writes go through units of work,
          // which queue behind the change's organization lock.
          n % 2 === 0 || suite.database.dialect === 'postgres'
            ? write(writer, actor, createCustomField, {
                record_type: 'bookings',
                key: `during_${n}`,
                label: `During ${n}`,
                field_type: 'text',
              })
            : own.db
                .updateTable('bookings')
                .set({ custom_fields: JSON.stringify({ note: `written ${n}` }) })
                .where('id', '=', bookingIds[n]!)
                .execute(),
        );
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      assert.ok(writes.length > 0, 'no write was made while the change ran');
      const outcomes = await Promise.allSettled([changed, ...writes]);
      assert.deepEqual(
        outcomes.filter((o) => o.status === 'rejected'),
        [],
      );
      const made = await suite.db
        .selectFrom('custom_fields')
        .select('key')
        .where('organization_id', '=', actor.organizationId)
        .where('key', 'like', 'during_%')
        .execute();
      const units = suite.database.dialect === 'postgres' ? writes.length : Math.ceil(writes.length / 2);
      assert.equal(made.length, units);
    } finally {
      if (own !== suite.database.handle) await own.close();
    }
  });
});
