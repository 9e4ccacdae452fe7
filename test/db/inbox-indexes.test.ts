/**
 * The Inbox and the Conversation read by their indexes (SPEC §17; migration
 * 2026-12-08T20-inbox-indexes): the Inbox's count by the partial index of waiting inbound mail
 * (neither dismissed nor outgoing mail is in it), its pages (waiting or dismissed) newest sent
 * first by walking a partial index with no sort step, and a booking's Conversation by its
 * (sent_at, created_at, id) index, on deep pages too.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { type RawBuilder, sql } from 'kysely';
import { eachDatabase } from '../helpers/databases.js';

const ORG = '01aaaaaaaaaaaaaaaaaaaaaaaa';
const BOOKING = '01bbbbbbbbbbbbbbbbbbbbbbbb';

eachDatabase((suite) => {
  async function plan(query: RawBuilder<unknown>): Promise<string> {
    if (suite.database.dialect === 'sqlite') {
      const rows = await sql<{ detail: string }>`explain query plan ${query}`.execute(suite.db);
      return rows.rows.map((r) => r.detail).join('\n');
    }
    // Tiny test tables are cheapest read whole and sorted: the plan shows the index it can walk.
    return suite.db.transaction().execute(async (trx) => {
      for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'])
        await sql`select set_config(${setting}, 'off', true)`.execute(trx);
      const rows = await sql<Record<string, string>>`explain ${query}`.execute(trx);
      return rows.rows.map((r) => Object.values(r).join(' ')).join('\n');
    });
  }
  const noSort = (text: string) => assert.doesNotMatch(text, /TEMP B-TREE|Sort\b|Seq Scan/i, text);

  it('counts what waits in the Inbox by the index of waiting inbound mail alone', async () => {
    const text = await plan(sql`select count(*) from messages where organization_id = ${ORG}
      and booking_id is null and direction = 'in' and dismissed = 0`);
    assert.match(text, /messages_inbox_idx/, text);
  });

  it('pages the Inbox, waiting and dismissed, newest sent first without a sort', async () => {
    for (const [dismissed, index] of [
      [0, 'messages_inbox_idx'],
      [1, 'messages_dismissed_idx'],
    ] as const) {
      const condition =
        dismissed === 1
          ? sql`booking_id is null and direction = 'in' and dismissed = 1`
          : sql`booking_id is null and direction = 'in' and dismissed = 0`;
      const text = await plan(sql`select * from messages where organization_id = ${ORG} and ${condition}
        order by sent_at desc, id desc limit 31`);
      assert.match(text, new RegExp(index), text);
      noSort(text);
    }
  });

  it('pages a booking’s Conversation by its index without a sort, deep pages too', async () => {
    const first =
      await plan(sql`select id from messages where organization_id = ${ORG} and booking_id = ${BOOKING}
      order by sent_at desc, created_at desc, id desc limit 51`);
    assert.match(first, /messages_conversation_idx/, first);
    noSort(first);
    const deep =
      await plan(sql`select id from messages where organization_id = ${ORG} and booking_id = ${BOOKING}
      and (sent_at, created_at, id) < (${'2027-01-01T00:00:00.000Z'}, ${'2027-01-01T00:00:00.000Z'}, ${'01c'})
      order by sent_at desc, created_at desc, id desc limit 51`);
    assert.match(deep, /messages_conversation_idx/, deep);
    noSort(deep);
  });
});
