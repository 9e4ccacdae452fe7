/**
 * `node dist/bench/compare.js <other checkout> [same|distinct|mixed|notes|orgs|token] [sqlite|postgres] [rounds]`:
 * one load on this build and on another built checkout of Marquee (e.g. a `git worktree` of an
 * earlier commit, after `npm run build` there), in alternating rounds on this machine, so a
 * change is judged against the same conditions: median requests/s, p99, the server's CPU per
 * request (from /proc, all its threads) and the load generator's (this process). Both servers
 * are the bench's contenders, seeded small, each started with the node flags of its own checkout's
 * `npm start` (so a change of flags compares too). `memory` as the other checkout (loads `same` and
 * `distinct`): plain Fastify sending the bytes this build served for each path, the ceiling of
 * those pages on this machine.
 * BENCH_DATABASE_URL_OTHER gives the other checkout a PostgreSQL database of its own;
 * BENCH_WORKERS=N runs each build as `marquee serve --workers N` (CPU then counts every worker);
 * BENCH_CONNECTIONS=N loads with N connections instead of 50 (1: the latency of one client alone).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { readyInfo } from './child-ready.js';
import { namedLoad, needsPagePaths, notePagePaths, writeServedPages } from './loads.js';
import { marqueeNodeFlags } from './node-flags.js';

const [other, load = 'distinct', dialect = 'sqlite', roundsText = '5'] = process.argv.slice(2);
if (!other) {
  console.error(
    'usage: compare.js <other checkout> [same|distinct|mixed|notes|orgs|token] [sqlite|postgres] [rounds]',
  );
  process.exit(2);
}
if (other === 'memory' && load !== 'same' && load !== 'distinct') {
  console.error(`memory serves the loads same and distinct, not ${load}`);
  process.exit(2);
}
const ROUNDS = Number(roundsText);
const WORKERS = process.env.BENCH_WORKERS;
const SECONDS = 5;
const WARMUP_SECONDS = 15;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * Past 10,000 requests on one connection (maxRequestsPerSocket, src/http/server-limits.ts) Node
 * answers 503 to a client that ignores `Connection: close`, as autocannon does: a connection stops
 * short of that. One connection at several thousand pages a second gets there before the round
 * ends, and autocannon notices only at its next one-second tick, so such a round's rate is its
 * requests over the time until the last answer.
 */
const REQUESTS_PER_CONNECTION = 9_000;

interface Server {
  label: string;
  process: ChildProcess;
  info: Record<string, string>;
  paths: string[];
}

async function start(label: string, checkout: string, databaseUrl: string | undefined): Promise<Server> {
  const child = spawn(
    process.execPath,
    [
      ...(WORKERS ? [] : marqueeNodeFlags(checkout)),
      path.join(checkout, 'dist/bench/contenders.js'),
      ...(WORKERS ? [`marquee-${dialect}-workers`, WORKERS] : [`marquee-${dialect}`]),
    ],
    {
      cwd: checkout,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        BENCH_DEEP_ROWS: '1000',
        BENCH_SEARCH_ROWS: '1000',
        // The loads compared read neither the events venue nor the reports venue.
        BENCH_EVENT_ROWS: '0',
        BENCH_REPORT_ROWS: '0',
        // `marquee serve --workers N` is started with the flags of `npm start`.
        MARQUEE_NODE_FLAGS: JSON.stringify(marqueeNodeFlags(checkout)),
        ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}),
      },
    },
  );
  const info = await readyInfo(child, label);
  const paths = needsPagePaths(load) ? await notePagePaths(info) : [];
  return { label, process: child, info, paths };
}

/** Plain Fastify sending from memory the bytes `of` served for its bookings page and note pages. */
async function fromMemory(of: Server): Promise<Server & { files: string[] }> {
  const { pageFile, notePagesFile } = await writeServedPages(of.info, of.paths);
  const child = spawn(
    process.execPath,
    ['dist/bench/contenders.js', 'fastify-memory', pageFile, notePagesFile],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const { url } = await readyInfo(child, 'fastify-memory');
  return {
    label: 'the same bytes from memory, plain Fastify',
    process: child,
    // Loaded as `of` is (the same paths and headers, which it ignores).
    info: { ...of.info, url: url!, pid: String(child.pid) },
    paths: of.paths,
    files: [pageFile, notePagesFile],
  };
}

/** CPU ticks of the process `pid` and of its children (a cluster's workers). */
const cpuTicks = (pid: string) => {
  let ticks = 0;
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command's name: state, parent pid, …, utime (14th field), stime (15th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (entry === pid || fields[1] === pid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const thisBuild = await start('this build', process.cwd(), process.env.BENCH_DATABASE_URL);
const memory = other === 'memory' ? await fromMemory(thisBuild) : undefined;
const servers = [
  thisBuild,
  memory ?? (await start(other, path.resolve(other), process.env.BENCH_DATABASE_URL_OTHER)),
];
// A warm-up for each: V8 goes on compiling a fresh server's code for about 12 s of load.
for (const server of servers)
  await autocannon({
    connections: 50,
    duration: WARMUP_SECONDS,
    ...namedLoad(load, server.info, server.paths),
  });
const results = new Map<
  string,
  Array<{ rps: number; p99: number; micros: number; generator: number; failed: number }>
>();
for (let round = 0; round < ROUNDS; round++) {
  for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
    const before = cpuTicks(server.info.pid!);
    const generatorBefore = process.cpuUsage();
    const started = performance.now();
    let answered = started;
    const result = await autocannon({
      connections: CONNECTIONS,
      duration: SECONDS,
      maxConnectionRequests: REQUESTS_PER_CONNECTION,
      setupClient: (client) => client.on('response', () => (answered = performance.now())),
      ...namedLoad(load, server.info, server.paths),
    });
    const capped = result.requests.total >= CONNECTIONS * REQUESTS_PER_CONNECTION;
    const cpuSeconds = (cpuTicks(server.info.pid!) - before) / 100;
    const generator = process.cpuUsage(generatorBefore);
    results.set(server.label, [
      ...(results.get(server.label) ?? []),
      {
        rps: capped ? result.requests.total / ((answered - started) / 1000) : result.requests.average,
        p99: result.latency.p99,
        micros: (cpuSeconds / result.requests.total) * 1e6,
        generator: (generator.user + generator.system) / result.requests.total,
        // Answers that were not 2xx (e.g. the 503s Node gives a connection past
        // maxRequestsPerSocket whose client ignored "Connection: close") would flatter the rate.
        failed: result.non2xx + result.errors,
      },
    ]);
  }
}
console.log(
  `${load} on ${dialect}, ${ROUNDS} alternating rounds of ${SECONDS} s, ${CONNECTIONS} connections (medians):`,
);
console.log(
  '| Build | req/s | p99 ms | server CPU µs per request | load generator µs per request | not 2xx (all rounds) |\n|---|---:|---:|---:|---:|---:|',
);
for (const [label, rounds] of results) {
  console.log(
    `| ${label} | ${Math.round(median(rounds.map((r) => r.rps))).toLocaleString('en')} | ${median(rounds.map((r) => r.p99))} | ${Math.round(median(rounds.map((r) => r.micros)))} | ${Math.round(median(rounds.map((r) => r.generator)))} | ${rounds.reduce((sum, r) => sum + r.failed, 0)} |`,
  );
}
for (const server of servers) server.process.kill('SIGTERM');
for (const file of memory?.files ?? []) rmSync(file, { force: true });
process.exit(0);
