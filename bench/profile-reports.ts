/**
 * `node dist/bench/profile-reports.js`: what each report (SPEC §14, issue 57) costs in CPU on the
 * bench's reports venue (bench/seed-reports.ts, BENCH_REPORT_ROWS bookings, 100,000), called
 * directly, without the server around it. Seeds the venue into a SQLite file under PROFILE_DIR
 * (a temporary directory unless given; a venue already seeded there is reused), or into the
 * PostgreSQL database of PROFILE_DATABASE_URL (seeded when its reports venue is missing), then
 * runs each report (PROFILE_REPORTS, all four) PROFILE_RUNS (7) times after one warm-up under
 * `process.cpuUsage()`, and prints the CPU and wall time of each run and their medians, the
 * longest stretch the event loop was held, and each statement a report made with its time and
 * its plan (EXPLAIN QUERY PLAN; EXPLAIN ANALYZE on PostgreSQL). `node --cpu-prof` gives the
 * whole profile.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import { type ReportName, REPORT_NAMES, runReport } from '../src/crm/reports/reports.js';
import { openDatabase } from '../src/db/connect.js';
import type { Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createOrganization } from '../src/identity/identity.service.js';
import { seedReportVenue } from './seed-reports.js';

const VENUE = 'Reports venue';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Each statement run while `on`, with its time in ms. */
class StatementLog implements KyselyPlugin {
  on = false;
  readonly statements: Array<{ node: RootOperationNode; queryId: QueryId; ms: number }> = [];
  readonly #started = new WeakMap<QueryId, [RootOperationNode, number]>();
  transformQuery(args: { node: RootOperationNode; queryId: QueryId }): RootOperationNode {
    if (this.on) this.#started.set(args.queryId, [args.node, performance.now()]);
    return args.node;
  }
  async transformResult<R>(args: { result: R; queryId: QueryId }): Promise<R> {
    const started = this.#started.get(args.queryId);
    if (started) {
      this.statements.push({ node: started[0], queryId: args.queryId, ms: performance.now() - started[1] });
      this.#started.delete(args.queryId);
    }
    return args.result;
  }
}

async function venueOf(db: Db, dialect: 'sqlite' | 'postgres', dataDir: string, databaseUrl?: string) {
  const found = await db
    .selectFrom('organizations')
    .select('id')
    .where('name', '=', VENUE)
    .executeTakeFirst();
  if (found) return found.id;
  const rows = Number(process.env.BENCH_REPORT_ROWS ?? 100_000);
  const org = await createOrganization(db, VENUE);
  const started = performance.now();
  const venue = await seedReportVenue(dialect, { dataDir, databaseUrl }, org.id, rows);
  console.log(
    `seeded ${venue.bookings} bookings, ${venue.events} events, ${venue.lines} lines, ${venue.installments} installments in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return org.id;
}

async function explain(db: Db, dialect: string, node: RootOperationNode, queryId: QueryId) {
  const compiled = db.getExecutor().compileQuery(node, queryId);
  const prefix = dialect === 'sqlite' ? 'explain query plan ' : 'explain (analyze, buffers off) ';
  const plan = await db.executeQuery(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]));
  const lines = plan.rows.map((row) => {
    const r = row as Record<string, unknown>;
    return String(r.detail ?? r['QUERY PLAN'] ?? JSON.stringify(r));
  });
  return { sql: compiled.sql.replace(/\s+/g, ' '), plan: lines };
}

async function main() {
  const databaseUrl = process.env.PROFILE_DATABASE_URL;
  const dialect = databaseUrl ? 'postgres' : 'sqlite';
  const dataDir = process.env.PROFILE_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'marquee-reports-'));
  const database = openDatabase({ dataDir, databaseUrl, poolSize: 2 });
  await migrateToLatest(database);
  const organizationId = await venueOf(database.db, dialect, dataDir, databaseUrl);
  const log = new StatementLog();
  const db = database.db.withPlugin(log);
  const runs = Number(process.env.PROFILE_RUNS ?? 7);
  const names = (process.env.PROFILE_REPORTS?.split(',') ?? REPORT_NAMES) as ReportName[];
  console.log(`${dialect}, ${dataDir}: ${runs} runs of each report after a warm-up`);
  for (const name of names) {
    const rows = (await runReport(db, organizationId, name, {})).length;
    const cpu: number[] = [];
    const wall: number[] = [];
    // The longest turn of the event loop: the time between one check phase and the next.
    let held = 0;
    let turn = performance.now();
    let pinging = true;
    const ping = () => {
      const now = performance.now();
      held = Math.max(held, now - turn);
      turn = now;
      if (pinging) setImmediate(ping);
    };
    setImmediate(ping);
    for (let i = 0; i < runs; i++) {
      log.on = i === 0;
      // A turn of the loop first: a report that never yields is one turn, measured from here.
      await new Promise((next) => setImmediate(next));
      turn = performance.now();
      const started = performance.now();
      const usage = process.cpuUsage();
      await runReport(db, organizationId, name, {});
      const used = process.cpuUsage(usage);
      cpu.push((used.user + used.system) / 1000);
      wall.push(performance.now() - started);
    }
    pinging = false;
    log.on = false;
    console.log(
      `${name} (${rows} rows): median ${median(cpu).toFixed(0)} ms CPU, ${median(wall).toFixed(0)} ms wall; ` +
        `CPU per run ${cpu.map((t) => t.toFixed(0)).join(' ')}; event loop held up to ${held.toFixed(0)} ms`,
    );
    for (const statement of log.statements.splice(0)) {
      const { sql, plan } = await explain(database.db, dialect, statement.node, statement.queryId);
      console.log(`  ${statement.ms.toFixed(1)} ms: ${sql}\n    ${plan.join('\n    ')}`);
    }
  }
  await database.close();
}

await main();
