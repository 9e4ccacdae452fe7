/**
 * Cursor paging must stay index-backed: every sortable column of every list is read through an
 * (organization_id, column, id) index with no sort step, first page and deep pages alike, so a
 * page deep in a million rows costs what the first page costs.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { CursorCodec } from '../../src/crm/data/cursor.js';
import { parseListQuery } from '../../src/api/list-query.js';
import type { OrganizationTable, ResourceDefinition } from '../../src/api/resource-definition.js';
import { pageQuery } from '../../src/crm/data/list-rows.js';
import { pageStatement } from '../../src/crm/data/page-sql.js';
import { spaceDefinition } from '../../src/crm/spaces/space.resource.js';
import { changeDefinition } from '../../src/changes/change.resource.js';
import { accountDefinition } from '../../src/crm/accounts/index.js';
import { bookingDefinition } from '../../src/crm/bookings/booking.resource.js';
import { holdingsQuery } from '../../src/crm/occupancy/index.js';
import { eventsOfQuery } from '../../src/crm/events/event.reads.js';
import { contactDefinition, contactWithEmail } from '../../src/crm/contacts/index.js';
import { noteDefinition } from '../../src/crm/notes/note.resource.js';
import { idsInOrganizationCondition } from '../../src/db/id-lookups.js';
import { eachDatabase } from '../helpers/databases.js';

const ORG = '01aaaaaaaaaaaaaaaaaaaaaaaa';
const codec = new CursorCodec(Buffer.from('a key for the plans of this test'));

eachDatabase((suite) => {
  async function plan(compiled: { sql: string; parameters: readonly unknown[] }): Promise<string> {
    if (suite.database.dialect === 'sqlite') {
      const rows = await sql<{ detail: string }>`explain query plan ${sql.raw(inline(compiled))}`.execute(
        suite.db,
      );
      return rows.rows.map((r) => r.detail).join('\n');
    }
    // Tiny test tables make a scan-and-sort cheapest; discourage those to see whether a plan that
    // walks an index in order exists (if none did, PostgreSQL would still have to sort).
    return suite.db.transaction().execute(async (trx) => {
      for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) {
        await sql`select set_config(${setting}, 'off', true)`.execute(trx);
      }
      const rows = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(inline(compiled))}`.execute(trx);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  async function checkEverySort<Table extends OrganizationTable>(definition: ResourceDefinition<Table>) {
    for (const column of definition.sortable) {
      for (const sort of [column, `-${column}`]) {
        const cursor = codec.encode({
          sort,
          value: '2027-01-01T00:00:00.000Z',
          id: '01bbbbbbbbbbbbbbbbbbbbbbbb',
          filters: parseListQuery(definition, {}, 'user', 0).fingerprint,
        });
        for (const extra of [{}, { 'page[after]': cursor }, { 'page[before]': cursor }]) {
          const query = parseListQuery(definition, { sort, ...extra }, 'user', 0);
          const text = await plan(pageQuery(suite.db, codec, definition, ORG, query));
          const label = `${definition.type} sort=${sort} ${Object.keys(extra).join('')}\n${text}`;
          assert.match(text, /USING INDEX|Index Scan/i, label);
          assert.doesNotMatch(text, /TEMP B-TREE|Sort\b|Seq Scan/i, label);
        }
      }
    }
  }

  it('reads every sort of every list through an index, without a sort step, on deep pages too', async () => {
    await checkEverySort(bookingDefinition);
    await checkEverySort(accountDefinition);
    await checkEverySort(contactDefinition);
    await checkEverySort(noteDefinition);
  });

  it('reads the version keys of a page (id and updated_at) from the index alone', async () => {
    const sqlite =
      suite.database.dialect === 'sqlite'
        ? new SqliteDatabase(suite.database.handle.location, { readonly: true })
        : undefined;
    const versionColumns = sqlite && ((text: string) => sqlite.prepare(text).columns());
    const definitions = [
      bookingDefinition,
      accountDefinition,
      contactDefinition,
      noteDefinition,
      spaceDefinition,
      changeDefinition,
    ] as Array<ResourceDefinition<OrganizationTable>>;
    for (const definition of definitions) {
      for (const column of definition.sortable) {
        for (const [sort, cursor] of [
          [column, undefined],
          [`-${column}`, { sort: `-${column}`, value: '2027-01-01T00:00:00.000Z', id: '01b', filters: '' }],
        ] as const) {
          const query = parseListQuery(definition, { sort }, 'user', 0);
          const text = await plan(pageStatement(suite.db, definition.type, ORG, query, cursor, true));
          const label = `${definition.type} sort=${sort}\n${text}`;
          assert.doesNotMatch(text, /TEMP B-TREE|Sort\b|Seq Scan/i, label);
          // PostgreSQL may still visit the heap of a table it has not vacuumed; SQLite never does.
          assert.match(text, suite.database.dialect === 'sqlite' ? /USING COVERING INDEX/ : /Index/, label);
          if (versionColumns) {
            // One column: SQLite writes its values as one JSON array (src/db/sqlite-statements.ts).
            const compiled = pageStatement(suite.db, definition.type, ORG, query, cursor, true);
            assert.deepEqual(
              versionColumns(compiled.sql).map((c) => c.name),
              ['version_key'],
              label,
            );
          }
        }
      }
    }
    sqlite?.close();
  });

  const idsOf = (count: number) =>
    Array.from({ length: count }, (_, i) => `01c${String(i).padStart(23, '0')}`);

  it('reads rows by id (pages from serialized resources, includes, related ids) by primary key', async () => {
    if (suite.database.dialect === 'sqlite') {
      // SQLite plans without statistics (Marquee never runs ANALYZE), the same for 10 rows or 10 million.
      for (const table of ['bookings', 'accounts', 'contacts', 'notes', 'spaces', 'changes']) {
        for (const count of [1, 3, 25, 100]) {
          const query = sql`select * from ${sql.table(table)} where ${idsInOrganizationCondition(suite.db, ORG, idsOf(count))}`;
          const text = await plan(query.compile(suite.db));
          const label = `${table}, ${count} ids\n${text}`;
          // Never an index that starts with organization_id: that reads the whole organization.
          assert.doesNotMatch(text, /\(organization_id=/, label);
          assert.match(text, /\(id=\?\)/, label);
        }
      }
      return;
    }
    // PostgreSQL plans from its statistics: an organization of many rows, analyzed.
    const at = '2026-01-01T00:00:00Z';
    await sql`insert into organizations (id, name, created_at, updated_at) values (${ORG}, 'Plans', ${at}, ${at})`.execute(
      suite.db,
    );
    await sql`insert into changes (id, organization_id, type, data, created_at, updated_at)
      select '01d' || lpad(n::text, 23, '0'), ${ORG}, 'booking.created', '{}', ${at}::timestamptz + n * interval '1 second', ${at}::timestamptz
      from generate_series(1, 20000) as n`.execute(suite.db);
    await sql`analyze changes`.execute(suite.db);
    for (const count of [1, 3, 25, 100]) {
      const query = sql`select * from changes where ${idsInOrganizationCondition(suite.db, ORG, idsOf(count))}`;
      const { rows } = await sql<{
        'QUERY PLAN': string;
      }>`explain ${sql.raw(inline(query.compile(suite.db)))}`.execute(suite.db);
      const text = rows.map((r) => r['QUERY PLAN']).join('\n');
      assert.match(text, /(events|changes)_pkey/, `${count} ids\n${text}`);
    }
  });

  it("checks an event for double booking from a little before its start on, not through the venue's whole past", async () => {
    const window = {
      from: '2027-07-09T17:00:00.000Z',
      until: '2027-07-09T23:00:00.000Z',
      exceptBookingId: '01b',
    };
    const query = holdingsQuery(suite.db, ['01s1', '01s2'], window, '2027-07-08T17:00:00.000Z');
    const text = await plan(query.limit(1).compile());
    assert.match(text, /event_spaces_space_idx/, text);
    assert.doesNotMatch(text, /SCAN es\b|Seq Scan on event_spaces/, text);
    // Candidates judged from the index alone (PostgreSQL's tiny test table keeps its heap in the plan).
    if (suite.database.dialect === 'sqlite')
      assert.match(text, /COVERING INDEX event_spaces_space_idx/, text);
  });

  it("reads a booking's events through the booking's index, not the organization's every event", async () => {
    const text = await plan(eventsOfQuery(suite.db, ORG, '01bbbbbbbbbbbbbbbbbbbbbbbb').compile());
    assert.doesNotMatch(text, /SCAN events\b|Seq Scan on events/, text);
    // SQLite keeps no statistics: it must find the booking's index the better one by its columns.
    if (suite.database.dialect === 'sqlite') {
      assert.match(text, /events_booking_idx \(booking_id=\? AND organization_id=\?\)/, text);
      assert.doesNotMatch(text, /TEMP B-TREE/, text);
    }
  });

  it("finds a lead's contact by its e-mail address through an index, whatever its case", async () => {
    const text = await plan(contactWithEmail(suite.db, ORG, 'Ada@Example.COM').compile());
    assert.match(text, /contacts_org_email_idx/, text);
    assert.doesNotMatch(text, /SCAN contacts\b|Seq Scan on contacts/, text);
  });
});

/** Inlines parameters for EXPLAIN (test-only; values here are fixed strings and numbers). */
function inline(compiled: { sql: string; parameters: readonly unknown[] }): string {
  let index = 0;
  const literal = (value: unknown) =>
    typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  return compiled.sql.replace(/\?|\$\d+/g, (token) =>
    literal(token === '?' ? compiled.parameters[index++] : compiled.parameters[Number(token.slice(1)) - 1]),
  );
}
