/**
 * `node dist/bench/compare.js <other checkout> [same|distinct|mixed|notes|orgs|token] [sqlite|postgres] [rounds]`:
 * one load on this build and on another built checkout of Marquee (e.g. a `git worktree` of an
 * earlier commit, after `npm run build` there), in alternating rounds on this machine, so a
 * change is judged against the same conditions: median requests/s, p99 and the server's CPU per
 * request (from /proc, all its threads). Both servers are the bench's contenders, seeded small.
 * BENCH_DATABASE_URL_OTHER gives the other checkout a PostgreSQL database of its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { namedLoad, needsPagePaths, notePagePaths } from './loads.js';
import { marqueeNodeFlags } from './node-flags.js';

const [other, load = 'distinct', dialect = 'sqlite', roundsText = '5'] = process.argv.slice(2);
if (!other) {
  console.error(
    'usage: compare.js <other checkout> [same|distinct|mixed|notes|orgs|token] [sqlite|postgres] [rounds]',
  );
  process.exit(2);
}
const ROUNDS = Number(roundsText);
const SECONDS = 5;

interface Server {
  label: string;
  process: ChildProcess;
  info: Record<string, string>;
  paths: string[];
}

async function start(label: string, checkout: string, databaseUrl: string | undefined): Promise<Server> {
  const child = spawn(
    process.execPath,
    [...marqueeNodeFlags(), path.join(checkout, 'dist/bench/contenders.js'), `marquee-${dialect}`],
    {
      cwd: checkout,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        BENCH_DEEP_ROWS: '1000',
        BENCH_SEARCH_ROWS: '1000',
        ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}),
      },
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${label} exited with ${code}`)));
  });
  const info = JSON.parse(line) as Record<string, string>;
  const paths = needsPagePaths(load) ? await notePagePaths(info) : [];
  return { label, process: child, info, paths };
}

const cpuTicks = (pid: string) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ');
  return Number(fields[13]) + Number(fields[14]);
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const servers = [
  await start('this build', process.cwd(), process.env.BENCH_DATABASE_URL),
  await start(other, path.resolve(other), process.env.BENCH_DATABASE_URL_OTHER),
];
for (const server of servers)
  await autocannon({ connections: 50, duration: 2, ...namedLoad(load, server.info, server.paths) });
const results = new Map<string, Array<{ rps: number; p99: number; micros: number }>>();
for (let round = 0; round < ROUNDS; round++) {
  for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
    const before = cpuTicks(server.info.pid!);
    const result = await autocannon({
      connections: 50,
      duration: SECONDS,
      ...namedLoad(load, server.info, server.paths),
    });
    const cpuSeconds = (cpuTicks(server.info.pid!) - before) / 100;
    results.set(server.label, [
      ...(results.get(server.label) ?? []),
      {
        rps: result.requests.average,
        p99: result.latency.p99,
        micros: (cpuSeconds / result.requests.total) * 1e6,
      },
    ]);
  }
}
console.log(`${load} on ${dialect}, ${ROUNDS} alternating rounds of ${SECONDS} s, 50 connections (medians):`);
console.log('| Build | req/s | p99 ms | server CPU µs per request |\n|---|---:|---:|---:|');
for (const [label, rounds] of results) {
  console.log(
    `| ${label} | ${Math.round(median(rounds.map((r) => r.rps))).toLocaleString('en')} | ${median(rounds.map((r) => r.p99))} | ${Math.round(median(rounds.map((r) => r.micros)))} |`,
  );
}
for (const server of servers) server.process.kill('SIGTERM');
process.exit(0);
