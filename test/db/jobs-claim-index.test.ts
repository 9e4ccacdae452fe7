/**
 * The job runner's claim reads pending jobs in (due_at, id) order by walking jobs_due_idx with no
 * sort step (migration 2026-12-11T40-jobs-claim-order): a burst of jobs due at one instant is
 * claimed sixteen at a time without sorting the whole burst on every claim.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { type RawBuilder, sql } from 'kysely';
import { eachDatabase } from '../helpers/databases.js';

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

  it('claims due jobs in due time and id order by the index, without a sort', async () => {
    const at = '2027-06-01T09:00:00.000Z';
    const text = await plan(sql`select id from jobs where state = 'pending' and due_at <= ${at}
      and (lease_expires_at is null or lease_expires_at < ${at})
      and kind in ('automation.step', 'mail.send') order by due_at, id limit 16`);
    assert.match(text, /jobs_due_idx/, text);
    assert.doesNotMatch(text, /TEMP B-TREE|Sort\b|Seq Scan/i, text);
  });
});
