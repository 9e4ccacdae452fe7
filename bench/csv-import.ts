/**
 * How long `marquee import` takes for 100,000 rows (SPEC §10 asks for under a minute), and the
 * most memory it holds (issue 54: a 300,000-row file in under 300 MB; BENCH_ROWS=300000), on the
 * embedded SQLite database and on PostgreSQL: the real command in its own process, timed from
 * start to exit, for 100,000 accounts, then 100,000 contacts (their accounts by name) and
 * 100,000 bookings (a third of them definite, each holding a space, none clashing).
 * `npm run build && node dist/bench/csv-import.js` (BENCH_ROWS, BENCH_DATABASE_URL to change them).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/connect.js';
import { newId } from '../src/db/ids.js';
import { marqueeNodeFlags } from './node-flags.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ACCOUNTS_NAMED = 1000;
const SPACES = 20;
const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const work = mkdtempSync(path.join(os.tmpdir(), 'marquee-csv-bench-'));

const TIME = '/usr/bin/time';

/**
 * Runs the command; wall time, and CPU time (user + system) and peak resident memory when
 * /usr/bin/time is there.
 */
function marquee(
  env: Record<string, string>,
  ...args: string[]
): { ms: number; cpuMs?: number; peakKb?: number; out: string } {
  const command = [...marqueeNodeFlags(), path.resolve('bin/marquee.js'), ...args];
  const timing = path.join(work, 'time.txt');
  const timed = existsSync(TIME);
  const started = performance.now();
  const out = execFileSync(
    timed ? TIME : process.execPath,
    timed ? ['-f', '%U %S %M', '-o', timing, process.execPath, ...command] : command,
    { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const ms = performance.now() - started;
  if (!timed) return { ms, out };
  const [user, system, peakKb] = readFileSync(timing, 'utf8').trim().split(/\s+/).slice(-3).map(Number);
  return { ms, cpuMs: ((user ?? 0) + (system ?? 0)) * 1000, ...(peakKb ? { peakKb } : {}), out };
}

const seconds = (ms: number | undefined) => (ms === undefined ? 'n/a' : `${(ms / 1000).toFixed(1)} s`);
const megabytes = (kb: number | undefined) => (kb === undefined ? 'n/a' : `${Math.round(kb / 1024)} MB`);

function writeCsv(name: string, header: string, row: (i: number) => string): string {
  const file = path.join(work, name);
  const lines = [header];
  for (let i = 0; i < ROWS; i++) lines.push(row(i));
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

function files(spaceIds: readonly string[]) {
  const accounts = writeCsv(
    'accounts.csv',
    'name,email,phone,city,country',
    (i) => `Account ${i},contact${i}@example.com,+1 555 ${String(i).padStart(7, '0')},Springfield,US`,
  );
  const contacts = writeCsv(
    'contacts.csv',
    'first_name,last_name,email,title,account_name',
    (i) => `Ada${i},Lovelace,ada${i}@example.com,Planner,Account ${i % ACCOUNTS_NAMED}`,
  );
  const statuses = ['lead', 'tentative', 'definite'];
  const bookings = writeCsv(
    'bookings.csv',
    'name,status,start_at,end_at,timezone,guest_count,currency,total_amount,account_name,space_ids',
    (i) => {
      // Each space holds one booking a day: never two at once.
      const day = new Date(Date.UTC(2027, 0, 1) + Math.floor(i / SPACES) * 86_400_000);
      const start = new Date(day.getTime() + 18 * 3_600_000).toISOString();
      const end = new Date(day.getTime() + 23 * 3_600_000).toISOString();
      return `Event ${i},${statuses[i % 3]},${start},${end},Europe/Berlin,80,EUR,250000,Account ${i % ACCOUNTS_NAMED},${spaceIds[i % SPACES]}`;
    },
  );
  return { accounts, contacts, bookings };
}

async function addSpaces(env: Record<string, string>, organizationId: string): Promise<string[]> {
  const handle = openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.MARQUEE_DATA_DIR ?? work,
  });
  const now = new Date().toISOString();
  const spaces = Array.from({ length: SPACES }, (_, i) => ({
    id: newId(),
    organization_id: organizationId,
    name: `Room ${i + 1}`,
    capacity: 200,
    shareable: 0,
    capacities: '{}',
    part_ids: '[]',
    created_at: now,
    updated_at: now,
  }));
  await handle.db.insertInto('spaces').values(spaces).execute();
  await handle.close();
  return spaces.map((s) => s.id);
}

async function measure(label: string, env: Record<string, string>): Promise<string[]> {
  marquee(env, 'migrate', '--json');
  const org = JSON.parse(marquee(env, 'orgs', 'create', '--name', 'Bench', '--json').out) as { id: string };
  const csv = files(await addSpaces(env, org.id));
  const lines: string[] = [];
  for (const type of ['accounts', 'contacts', 'bookings'] as const) {
    const run = marquee(env, 'import', '--org', org.id, '--type', type, '--file', csv[type], '--json');
    const result = JSON.parse(run.out) as { imported: number };
    if (result.imported !== ROWS) throw new Error(`${label} ${type}: imported ${result.imported}`);
    lines.push(
      `| import ${type} | ${label} | ${ROWS.toLocaleString('en-US')} | ${seconds(run.ms)} | ${seconds(run.cpuMs)} | ${megabytes(run.peakKb)} |`,
    );
    console.log(lines.at(-1));
  }
  const exported = marquee(
    env,
    'export',
    '--org',
    org.id,
    '--type',
    'bookings',
    '--out',
    path.join(work, 'out.csv'),
    '--json',
  );
  lines.push(
    `| export bookings | ${label} | ${ROWS.toLocaleString('en-US')} | ${seconds(exported.ms)} | ${seconds(exported.cpuMs)} | ${megabytes(exported.peakKb)} |`,
  );
  console.log(lines.at(-1));
  return lines;
}

async function postgres<T>(use: (url: string) => Promise<T>): Promise<T> {
  const name = `marquee_csv_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  try {
    return await use(url.href);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

try {
  console.log(
    `load average at start: ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores\n` +
      '| Command | Database | Rows | Wall time (process start to exit) | CPU time | Peak memory (RSS) |\n|---|---|---:|---:|---:|---:|',
  );
  await measure('SQLite', { MARQUEE_DATA_DIR: path.join(work, 'data'), DATABASE_URL: '' });
  await postgres((url) => measure('PostgreSQL', { DATABASE_URL: url }));
} finally {
  rmSync(work, { recursive: true, force: true });
}
