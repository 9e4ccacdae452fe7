/**
 * The job queue as `/metrics` shows it (SPEC §10, §18): per kind, how many jobs wait, how long
 * the oldest due one has waited and how many failed for good. Two grouped reads of the
 * (state, due_at) index; kinds are few, so the answer is small.
 */
import { withAggregates } from '../db/aggregates.js';
import type { Db } from '../db/database.js';
import type { JobKindStats } from '../metrics/metrics.js';

export async function jobStats(db: Db, now: number): Promise<JobKindStats[]> {
  const [pending, failed] = await Promise.all([
    db
      .selectFrom('jobs')
      .select((eb) => ['kind', eb.fn.countAll<number>().as('n'), eb.fn.min('due_at').as('oldest')])
      .where('state', '=', 'pending')
      .groupBy('kind')
      .execute(),
    db
      .selectFrom('jobs')
      .select((eb) => ['kind', eb.fn.countAll<number>().as('n')])
      .where('state', '=', 'failed')
      .groupBy('kind')
      .execute(),
  ]);
  const byKind = new Map<string, JobKindStats>();
  const of = (kind: string) => {
    const stats = byKind.get(kind) ?? { kind, pending: 0, oldestDueSeconds: 0, failed: 0 };
    byKind.set(kind, stats);
    return stats;
  };
  for (const row of withAggregates(pending, 'n')) {
    const stats = of(row.kind);
    stats.pending = row.n;
    const oldest = row.oldest === null ? now : Date.parse(String(row.oldest));
    stats.oldestDueSeconds = Math.max(0, (now - oldest) / 1000);
  }
  for (const row of withAggregates(failed, 'n')) of(row.kind).failed = row.n;
  return [...byKind.values()].sort((a, b) => a.kind.localeCompare(b.kind));
}
