/**
 * `node dist/bench/profile-load.js [same|distinct|mixed|notes|orgs|token|availability|moves] [seconds]`:
 * where a Marquee process spends its CPU under one of the benchmark's loads, over real sockets. The server (the
 * bench's SQLite contender, with the flags of `npm start`) runs under `node --cpu-prof`;
 * autocannon loads it from this process with 50 connections; the profile's self time is summed
 * per request by stage and by function. BENCH_DATABASE=postgres profiles the PostgreSQL contender;
 * BENCH_CONNECTIONS=N loads with N connections. The load runs unmeasured first for
 * PROFILE_WARMUP_SECONDS (15): V8 goes on compiling a fresh server's code on its helper threads for
 * about 12 s of load; the line on stderr after it is the moment to attach `perf record`.
 * PROFILE_GC=1 also counts the server's garbage collections on its main thread while the load is
 * measured (V8's --trace-gc-nvp): young-generation collections, their pauses and the bytes they
 * moved to the old generation a request, and full collections. `availability` and `moves` are
 * the events venue's loads (bench/seed-events.ts, seeded for them alone: BENCH_EVENT_ROWS).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { readyInfo } from './child-ready.js';
import { namedLoad, needsPagePaths, notePagePaths } from './loads.js';
import { marqueeNodeFlags } from './node-flags.js';

const load = process.argv[2] ?? 'distinct';
const seconds = Number(process.argv[3] ?? 10);
const dialect = process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
const WARMUP_SECONDS = Number(process.env.PROFILE_WARMUP_SECONDS ?? 15);
/** BENCH_CONNECTIONS=N loads with N connections instead of 50 (few: each write commits alone). */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TRACE_GC = process.env.PROFILE_GC === '1';

/** The main thread's collections while the load is measured, from the server's --trace-gc-nvp lines. */
const collections = {
  measuring: false,
  /** The main thread's isolate, as the lines name it (the first to collect, before any thread). */
  isolate: undefined as string | undefined,
  young: [] as Array<{ pause: number; promoted: number }>,
  full: [] as number[],
};

function traceLine(line: string): void {
  const isolate = /^\[\d+:(0x[0-9a-f]+)\]/.exec(line)?.[1];
  const kind = / gc=(s|mc) /.exec(line)?.[1];
  if (isolate === undefined || kind === undefined) return;
  collections.isolate ??= isolate;
  if (!collections.measuring || isolate !== collections.isolate) return;
  const pause = Number(/ pause=([\d.]+)/.exec(line)?.[1] ?? 0);
  if (kind === 'mc') collections.full.push(pause);
  else collections.young.push({ pause, promoted: Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0) });
}

function printCollections(requests: number): void {
  if (!TRACE_GC) return;
  const { young, full } = collections;
  const pauses = young.map((c) => c.pause).sort((a, b) => a - b);
  const mean = pauses.reduce((sum, p) => sum + p, 0) / Math.max(1, pauses.length);
  const promoted = young.reduce((sum, c) => sum + c.promoted, 0);
  console.log(
    `main thread's collections: ${young.length} young-generation (pause mean ${mean.toFixed(2)} ms, ` +
      `max ${(pauses.at(-1) ?? 0).toFixed(1)} ms), ${(promoted / requests).toFixed(0)} bytes a request ` +
      `promoted to the old generation; ${full.length} full (${full.reduce((sum, p) => sum + p, 0).toFixed(0)} ms)`,
  );
}

const STAGES: Array<[string, RegExp]> = [
  ['GC', /^\(garbage collector\)/],
  ['Auth, rate limit', /api-auth|oauth\/|rate-limit|credential|\/security\//],
  ['Query string, list query, cursors', /list-query|cursor|sparse-fields|querystring|ajv|validation/],
  ['SQL (page-sql, Kysely, driver glue)', /page-sql|kysely|precompiled|\/db\/connect/],
  [
    'SQLite / pg (native, rows to objects)',
    /better-sqlite3|node_modules\/pg|\/db\/(sqlite-statements|array-rows)|^\(native\)|^ (all|get|run|raw|iterate)$/,
  ],
  [
    'Document (resources, fragments, links)',
    /documents|fragments|\.resource\.js|relation|read-routes|resource-store|jsonapi/,
  ],
  ['Serialization', /fast-json-stringify|serializ|stringify/],
  ['Caches, change clock', /fresh-cache|change-clock|app-context/],
  ['Metrics', /prom-client|metrics/],
  ['Logging', /pino|logger|sonic-boom/],
  ['Fastify, hooks, headers', /fastify|find-my-way|avvio|request-id|security-headers|src\/http\//],
  [
    'node:http, net, streams',
    /node:(_http|http|net|stream|internal\/streams|internal\/http)|_http_|^ (writev|writeUtf8String|writeBuffer)$/,
  ],
  ['Idle', /^\((idle|program)\)/],
];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

function stageOf(node: ProfileNode): string {
  const text = `${node.callFrame.url} ${node.callFrame.functionName}`;
  // The VM's own entries ("(garbage collector)", "(idle)", "(program)") have no script.
  if (node.callFrame.url === '' && node.callFrame.functionName.startsWith('(')) {
    return (
      STAGES.find(([, pattern]) => pattern.test(node.callFrame.functionName))?.[0] ??
      'Other (node internals, promises)'
    );
  }
  if (node.callFrame.url === '' && !node.callFrame.functionName.startsWith('(')) {
    // Native functions: attribute the database driver's own by name.
    if (/^(all|get|run|raw|iterate|exec|prepare)$/.test(node.callFrame.functionName)) {
      return 'SQLite / pg (native, rows to objects)';
    }
  }
  return STAGES.find(([, pattern]) => pattern.test(text))?.[0] ?? 'Other (node internals, promises)';
}

async function startServer(profileDir: string) {
  const child = spawn(
    process.execPath,
    [
      ...marqueeNodeFlags(),
      ...(TRACE_GC ? ['--trace-gc-nvp'] : []),
      // PROFILER=perf: no V8 profiler (its signals distort the kernel's share); JIT symbols for
      // `perf record -p <pid>` instead.
      ...(process.env.PROFILER === 'perf'
        ? ['--perf-basic-prof-only-functions']
        : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=200']),
      path.resolve('dist/bench/contenders.js'),
      `marquee-${dialect}`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return { child, info: await readyInfo(child, 'server', TRACE_GC ? traceLine : undefined) };
}

const ticks = (stat: string[]) => Number(stat[13]) + Number(stat[14]);

/** CPU ticks used so far by every PostgreSQL process on this machine (its backends included). */
function databaseServerTicks(): number {
  let sum = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces; the fields follow it.
      if (!/^\d+ \(postgres/.test(stat)) continue;
      // After the name: state (field 3), …, utime (14), stime (15).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      sum += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return sum;
}

async function main() {
  process.env.BENCH_DEEP_ROWS ??= '1000';
  process.env.BENCH_SEARCH_ROWS ??= '1000';
  if (load !== 'availability' && load !== 'moves') process.env.BENCH_EVENT_ROWS ??= '0';
  process.env.BENCH_REPORT_ROWS ??= '0';
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'marquee-cpuprof-'));
  const { child, info } = await startServer(profileDir);
  const paths = needsPagePaths(load) ? await notePagePaths(info) : [];
  // A warm-up, so the profile shows the steady state rather than compilation.
  await autocannon({ connections: CONNECTIONS, duration: WARMUP_SECONDS, ...namedLoad(load, info, paths) });
  console.error(`warmed up: measuring the server (pid ${info.pid}) for ${seconds} s`);
  const cpuBefore = readFileSync(`/proc/${info.pid}/stat`, 'utf8').split(' ');
  const databaseBefore = databaseServerTicks();
  collections.measuring = true;
  const result = await autocannon({
    connections: CONNECTIONS,
    duration: seconds,
    ...namedLoad(load, info, paths),
  });
  collections.measuring = false;
  const cpuAfter = readFileSync(`/proc/${info.pid}/stat`, 'utf8').split(' ');
  const databaseSeconds = (databaseServerTicks() - databaseBefore) / 100;
  const cpuSeconds = (ticks(cpuAfter) - ticks(cpuBefore)) / 100;
  const databaseNote =
    dialect === 'postgres'
      ? `; PostgreSQL's processes ${((databaseSeconds / result.requests.total) * 1e6).toFixed(0)} µs per request`
      : '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (process.env.PROFILER === 'perf') {
    console.log(
      `${load} (${dialect}): ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; server CPU ${((cpuSeconds / result.requests.total) * 1e6).toFixed(0)} µs per request${databaseNote}`,
    );
    printCollections(result.requests.total);
    return;
  }
  if (!file) throw new Error('the server wrote no profile');
  const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
    startTime: number;
    endTime: number;
  };
  rmSync(profileDir, { recursive: true, force: true });

  const requests = result.requests.total;
  console.log(
    `${load} (${dialect}): ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms, non-2xx ${result.non2xx + result.errors}; ` +
      `server CPU ${((cpuSeconds / requests) * 1e6).toFixed(0)} µs per request (all threads, /proc)` +
      databaseNote,
  );
  printCollections(requests);
  // Only samples taken during the measured load count (the profile spans the whole process).
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const stages = new Map<string, number>();
  const functions = new Map<string, number>();
  const measuredFrom = profile.endTime - seconds * 1e6;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < measuredFrom) return;
    const node = byId.get(id)!;
    const micros = profile.timeDeltas[i + 1] ?? 0;
    const stage = stageOf(node);
    stages.set(stage, (stages.get(stage) ?? 0) + micros);
    const where = node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, '');
    const name = `${node.callFrame.functionName || '(anonymous)'} ${where}:${node.callFrame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
  });
  // Inclusive time of the functions named in INCLUSIVE (a comma-separated list of name:file parts).
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const wanted = (process.env.INCLUSIVE ?? '').split(',').filter(Boolean);
  const inclusive = new Map<string, number>();
  at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < measuredFrom || wanted.length === 0) return;
    const micros = profile.timeDeltas[i + 1] ?? 0;
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const frame = byId.get(n)!.callFrame;
      const text = `${frame.functionName} ${frame.url}:${frame.lineNumber + 1}`;
      for (const w of wanted) if (text.includes(w)) seen.add(w);
    }
    for (const w of seen) inclusive.set(w, (inclusive.get(w) ?? 0) + micros);
  });
  for (const w of wanted)
    console.log(`inclusive ${((inclusive.get(w) ?? 0) / requests).toFixed(1).padStart(7)} µs  ${w}`);
  const busy = [...stages].filter(([s]) => s !== 'Idle').reduce((sum, [, m]) => sum + m, 0);
  console.log(
    `\nMain thread, µs per request (busy ${(busy / requests).toFixed(0)}):\n| Stage | µs | share |\n|---|---:|---:|`,
  );
  for (const [stage, micros] of [...stages].sort((a, b) => b[1] - a[1])) {
    if (stage === 'Idle') continue;
    console.log(`| ${stage} | ${(micros / requests).toFixed(1)} | ${((micros / busy) * 100).toFixed(0)}% |`);
  }
  console.log('\nTop functions (self time, µs per request):');
  for (const [name, micros] of [...functions]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.TOP ?? 40))) {
    console.log(`${(micros / requests).toFixed(1).padStart(7)}  ${name}`);
  }
}

await main();
