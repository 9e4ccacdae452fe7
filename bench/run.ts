/**
 * `npm run bench`: throughput and latency of Marquee next to a plain node:http server (the
 * machine's limit), plain Fastify sending the same page from memory (the framework's limit for
 * that page) and node-oidc-provider (a peer), measured in one run with autocannon,
 * alternating the contenders. Servers listen on 127.0.0.1 only; every run is bounded in time.
 * Writes the table to docs/performance.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { SQLITE_FILE_NAME } from '../src/db/connect.js';
import { readyInfo } from './child-ready.js';
import { measureDeliveries } from './deliveries.js';
import { measureMailbox } from './mailbox-loads.js';
import { measureAutomationSteps } from './automation-steps.js';
import { measureIdleStart, measureWaitingRuns } from './automation-waiting.js';
import { measureCustomFields } from './custom-field-loads.js';
import {
  availabilityQueries,
  DISTINCT_PAGES,
  distinctPages,
  eventMoves,
  manyOrganizations,
  namedLoad,
  notePagePaths,
  writeServedPages,
} from './loads.js';
import { marqueeNodeFlags } from './node-flags.js';
import { pacedLoad } from './paced.js';
import { proposalPdf, whileRendering, withProposal } from './document-loads.js';
import { type LoopDelay, withLoopDelay } from './loop-probe.js';
import { inquiryPosts, mcpCalls, REPORTS, reportRequest, withVisitors } from './report-loads.js';
import { type AskedAnswers, failureWords, judgeRow } from './row-verdict.js';
import { SEARCH_QUEUE_LIMIT } from '../src/db/search-page.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Each scenario runs once unmeasured first, for this long. */
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * The events venue's latency rows (SPEC §11's goals): a venue's staff asking on a few connections
 * at a steady pace far above any venue's (and far below what saturates one process), so their p99
 * is the time one request takes, not a queue of fifty.
 */
const EVENTS_STAFF = { connections: 4, availability: 200, moves: 50 } as const;
/**
 * Issues 57 and 58 on the reports venue: a report asked for at a steady pace on one connection (a
 * manager opening Reports), inquiry posts at a pace far above any venue's, an assistant's calls.
 */
const REPORTS_PACE = { connections: 1, rate: 1 } as const;
const INQUIRY_PACE = { connections: 4, rate: 10 } as const;
const MCP_PACE = { connections: 4, rate: 20 } as const;
const MESSAGES_PACE = { connections: 4, rate: 50 } as const;
/** A pattern naming the scenarios to run (all when unset), for measuring one change quickly. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
/**
 * One organization's searches that read the list window by window take turns, SEARCH_QUEUE_LIMIT
 * waiting and the rest refused with 429 (src/db/search-page.ts, docs/decisions/0005): fifty
 * connections searching one organization measured how fast 429s come back (37,688 of the
 * PostgreSQL row's answers, where every search reads a window first). A search row loads as many
 * connections as the organization's turns admit: the one searching and those waiting.
 */
const SEARCHERS = 1 + SEARCH_QUEUE_LIMIT;
/** A move onto a taken place, one request in ten (bench/loads.ts eventMoves), asks for a 409. */
const CLASHES: AskedAnswers = { status: 409, oneIn: 10 };
const POST_NOTES = 'POST /notes — SQLite';
const POST_NOTES_NO_OUTBOX = 'POST /notes with the event rows discarded by a trigger (outbox cost) — SQLite';

interface Contender {
  process: ChildProcess;
  info: Record<string, string>;
}

/** Marquee runs as `npm start` and the `marquee` command run it (docs/operations.md, Memory). */
const MARQUEE_NODE_FLAGS = marqueeNodeFlags();

async function start(kind: string, ...args: string[]): Promise<Contender> {
  // A cluster's contender starts `marquee serve --workers N`, which gets the flags instead.
  const workers = kind.endsWith('-workers');
  const flags = kind.startsWith('marquee') && !workers ? MARQUEE_NODE_FLAGS : [];
  const child = spawn(process.execPath, [...flags, path.resolve('dist/bench/contenders.js'), kind, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, MARQUEE_NODE_FLAGS: JSON.stringify(MARQUEE_NODE_FLAGS) },
  });
  return { process: child, info: await readyInfo(child, kind) };
}

function rssMb(pid: string | undefined): number | undefined {
  if (!pid) return undefined;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return kb ? Math.round(Number(kb) / 1024) : undefined;
}

interface Scenario {
  name: string;
  contender: string;
  request: (info: Record<string, string>) => autocannon.Options;
  /** Work around the measurement (e.g. a trigger that is there only during it). */
  around?: (info: Record<string, string>, run: () => Promise<Result>) => Promise<Result>;
  /** The large venues it reads (each seeded only when a chosen scenario needs it). */
  needs?: 'deep' | 'search' | 'events' | 'reports';
  /** The server's event-loop delay is measured over each round (bench/loop-probe.ts). */
  loop?: boolean;
  /**
   * Connections, when not CONNECTIONS: a row whose goal is how long one request takes (not how
   * many fifty clients push through) runs at the concurrency a venue's staff make.
   */
  connections?: number;
  /**
   * Requests a second, sent at that pace whatever the answers' speed (latency is counted from when
   * each was due, so a slow answer is not hidden by the requests it held up): a latency row, loaded
   * by bench/paced.ts rather than autocannon.
   */
  rate?: number;
  /** Answers other than 2xx the load asks for (bench/row-verdict.ts); any other makes a failed row. */
  asks?: AskedAnswers;
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** Every request made, and those not answered 2xx by status (`error`, `timeout` when none came). */
  answers: number;
  statuses: Record<string, number>;
  /** Requests sent and cut off unanswered when the round ended: at most one a connection. */
  unanswered: number;
  /** The server's event-loop delay over the round, for a row that measures it. */
  loop?: LoopDelay;
}

async function measure(
  scenario: Scenario,
  info: Record<string, string>,
  duration = DURATION,
): Promise<Result> {
  const connections = scenario.connections ?? CONNECTIONS;
  if (scenario.rate !== undefined) {
    const paced = await pacedLoad(scenario.request(info), scenario.rate, connections, duration);
    const { rps, p50, p99, answers, statuses } = paced;
    return { name: scenario.name, rps, p50, p99, answers, statuses, unanswered: connections };
  }
  const result = await autocannon({ connections, duration, ...scenario.request(info) });
  const statuses: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
    const code = Number(status);
    if ((code < 200 || code >= 300) && stats.count) statuses[status] = stats.count;
  }
  if (result.errors > 0) statuses.error = result.errors;
  if (result.timeouts > 0) statuses.timeout = result.timeouts;
  return {
    name: scenario.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    answers: result.requests.total + result.errors,
    statuses,
    unanswered: connections,
  };
}

const statusWords = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ') || 'none';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const api = (info: Record<string, string>, path: string, org = info.org!): autocannon.Options => ({
  url: `${info.url}${path}`,
  headers: { authorization: `Bearer ${info.token}`, 'x-api-org': org },
});

const notePaths = (i: Record<string, string>) => JSON.parse(i.notePaths!) as string[];

/** The loads that miss the page cache or span organizations, on one database. */
function loadScenarios(dialect: 'sqlite' | 'postgres'): Scenario[] {
  const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const contender = `marquee-${dialect}`;
  return [
    {
      name: `GET /notes, ${DISTINCT_PAGES.toLocaleString('en')} distinct pages in turn (sizes, sorts, cursors) — ${label}`,
      contender,
      request: (i) => distinctPages(i, notePaths(i)),
    },
    {
      name: `90% those pages + 10% POST /notes — ${label}`,
      contender,
      request: (i) => distinctPages(i, notePaths(i), 10),
    },
    {
      name: `50 organizations (one per connection): GET /v2/bookings + 10% POST /notes — ${label}`,
      contender,
      request: (i) => manyOrganizations(i, 10),
    },
  ];
}

/** The same loads on `marquee serve --workers 2` (one worker per core of this machine). */
function workerScenarios(dialect: 'sqlite' | 'postgres'): Scenario[] {
  const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const contender = `marquee-${dialect}-workers`;
  return [
    {
      name: `GET /v2/bookings (25), --workers 2 — ${label}`,
      contender,
      request: (i) => api(i, '/v2/bookings'),
    },
    {
      name: `GET /notes, ${DISTINCT_PAGES.toLocaleString('en')} distinct pages in turn, --workers 2 — ${label}`,
      contender,
      request: (i) => distinctPages(i, notePaths(i)),
    },
    {
      name: `90% those pages + 10% POST /notes, --workers 2 — ${label}`,
      contender,
      request: (i) => distinctPages(i, notePaths(i), 10),
    },
  ];
}

/** Where the hand-written part of docs/performance.md begins. */
const HAND_WRITTEN = '## How the figures are made, and how to make them again';

const CC_MARQUEE = 'POST /oauth/token client_credentials — Marquee (SQLite)';
const CC_PEER = 'POST /token client_credentials — node-oidc-provider (memory)';

const scenarios: Scenario[] = [
  { name: 'node:http small JSON (machine limit)', contender: 'plain', request: (i) => ({ url: i.url! }) },
  {
    name: 'GET /v2/bookings (25) — SQLite',
    contender: 'marquee-sqlite',
    request: (i) => api(i, '/v2/bookings'),
  },
  {
    name: 'The same page from memory, plain Fastify (no hooks, no auth)',
    contender: 'fastify-memory',
    request: (i) => ({ url: `${i.url}/v2/bookings` }),
  },
  {
    name: `The ${DISTINCT_PAGES.toLocaleString('en')} distinct note pages from memory, plain Fastify (no hooks, no auth)`,
    contender: 'fastify-memory',
    request: (i) => distinctPages(i, notePaths(i)),
  },
  {
    name: 'GET /v2/bookings (25) — PostgreSQL',
    contender: 'marquee-postgres',
    request: (i) => api(i, '/v2/bookings'),
  },
  {
    name: 'GET /v2/bookings (25), a new query each request (no cache hit) — SQLite',
    contender: 'marquee-sqlite',
    request: (i) => {
      // Each request filters at a different instant, so no two share a cached page.
      let instant = Date.parse('2030-01-01T00:00:00.000Z');
      return {
        ...api(i, '/v2/bookings'),
        requests: [
          {
            setupRequest: (request) => {
              instant -= 1;
              return {
                ...request,
                path: `/v2/bookings?filter[created_at][lt]=${new Date(instant).toISOString()}`,
              };
            },
          },
        ],
      };
    },
  },
  ...loadScenarios('sqlite'),
  ...workerScenarios('sqlite'),
  ...loadScenarios('postgres'),
  ...workerScenarios('postgres'),
  {
    name: 'GET /v2/bookings first page of 1M — SQLite',
    contender: 'marquee-sqlite',
    needs: 'deep',
    request: (i) => api(i, '/v2/bookings', i.deepOrg),
  },
  {
    name: 'GET /v2/bookings page at 90% of 1M — SQLite',
    contender: 'marquee-sqlite',
    needs: 'deep',
    request: (i) => api(i, `/v2/bookings?page[after]=${i.deepCursor}`, i.deepOrg),
  },
  ...(['sqlite', 'postgres'] as const).flatMap((dialect): Scenario[] => {
    const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const searchers = `, ${SEARCHERS} connections`;
    // Each request looks for another client or reference, so no two share a cached page.
    const varied = (i: Record<string, string>, term: (n: number) => string) => {
      let n = 0;
      return {
        ...api(i, '/v2/bookings', i.searchOrg),
        requests: [
          {
            setupRequest: (request: autocannon.Request) => ({
              ...request,
              path: `/v2/bookings?filter[search]=${encodeURIComponent(term((n += 7) % 100_000))}`,
            }),
          },
        ],
      };
    };
    return [
      {
        name: `GET /v2/bookings?filter[search]=<a client> in 100,000${searchers} — ${label}`,
        contender: `marquee-${dialect}`,
        needs: 'search',
        request: (i) => varied(i, (n) => `of client ${n}`),
        connections: SEARCHERS,
        around: afterEarlierSearches,
      },
      {
        name: `GET /v2/bookings?filter[search]=<a reference> in 100,000${searchers} — ${label}`,
        contender: `marquee-${dialect}`,
        needs: 'search',
        request: (i) => varied(i, (n) => `BK-${String(n).padStart(7, '0')}`),
        connections: SEARCHERS,
        around: afterEarlierSearches,
      },
    ];
  }),
  // The events venue (bench/seed-events.ts): 1,000,000 events over 30 spaces and about 30 years.
  // SPEC §11's goals are the time one question or one write takes (p99), so two of these rows
  // run at a steady pace on the few connections a venue's staff use, beside the fifty of the rest.
  ...(['sqlite', 'postgres'] as const).flatMap((dialect): Scenario[] => {
    const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const steady = `, ${EVENTS_STAFF.connections} connections at`;
    return [
      {
        name: `GET /v2/availability?start_at…&end_at…&guest_count…&setup_style…, 20,000 windows in 1M events${steady} ${EVENTS_STAFF.availability}/s — ${label}`,
        contender: `marquee-${dialect}`,
        needs: 'events',
        request: availabilityQueries,
        connections: EVENTS_STAFF.connections,
        rate: EVENTS_STAFF.availability,
      },
      {
        name: `PATCH /v2/events/{id} moving a definite booking's event (1 in 10 a 409 clash) in 1M events${steady} ${EVENTS_STAFF.moves}/s — ${label}`,
        contender: `marquee-${dialect}`,
        needs: 'events',
        request: eventMoves,
        asks: CLASHES,
        connections: EVENTS_STAFF.connections,
        rate: EVENTS_STAFF.moves,
      },
      {
        name: `GET /v2/availability?start_at…&end_at…&guest_count…&setup_style…, 20,000 windows in 1M events — ${label}`,
        contender: `marquee-${dialect}`,
        needs: 'events',
        request: availabilityQueries,
      },
      {
        name: `PATCH /v2/events/{id} moving a definite booking's event (1 in 10 a 409 clash) in 1M events — ${label}`,
        contender: `marquee-${dialect}`,
        needs: 'events',
        request: eventMoves,
        asks: CLASHES,
      },
    ];
  }),
  // SPEC's quality bar under one tenant's worst: another organization's reads while one sends
  // searches no index answers (a two-letter term, a filter tested on every row, another sort),
  // the whole of its rate limit (RATE_LIMIT_PER_MINUTE's default, 100 a minute) at once as the
  // round starts.
  ...(['sqlite', 'postgres'] as const).map((dialect): Scenario => ({
    name: `GET /v2/bookings (25) while another organization sends 100 worst searches at once in 100,000 — ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
    contender: `marquee-${dialect}`,
    needs: 'search',
    request: (i) => api(i, '/v2/bookings'),
    around: worstSearches,
  })),
  {
    name: CC_MARQUEE,
    contender: 'marquee-sqlite',
    request: (i) => namedLoad('token', i, []),
  },
  {
    name: CC_PEER,
    contender: 'oidc-provider',
    request: (i) => ({
      url: `${i.url}/token`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: i.clientId!,
        client_secret: i.clientSecret!,
        scope: 'crm_read',
      }).toString(),
    }),
  },
  // SPEC §13's goals: a ten-page proposal's PDF in under 300 ms (its p99, one render at a time),
  // and no other request held more than 20 ms while PDFs render back to back (off the event loop).
  {
    name: 'GET /v2/documents/{id}/pdf, a 10-page draft proposal (40 lines, 6 events) rendered each time, 1 connection at 2/s — SQLite',
    contender: 'marquee-sqlite',
    request: proposalPdf,
    around: withProposal,
    connections: 1,
    rate: 2,
  },
  {
    name: 'GET /v2/bookings (25), 4 connections at 50/s, while that proposal renders back to back — SQLite',
    contender: 'marquee-sqlite',
    request: (i) => api(i, '/v2/bookings'),
    around: whileRendering,
    connections: 4,
    rate: 50,
  },
  ...reportsScenarios('sqlite'),
  ...reportsScenarios('postgres'),
  { name: POST_NOTES, contender: 'marquee-sqlite', request: postNote },
  {
    // The outbox's cost: the same writes while a trigger discards the event rows (SQLite).
    name: POST_NOTES_NO_OUTBOX,
    contender: 'marquee-sqlite',
    request: postNote,
    around: withoutEventRows,
  },
];

/**
 * Issue 57: each report over 100,000 bookings under 500 ms, the event loop never held more than
 * 50 ms, an inquiry post under 50 ms at p99; issue 58: no MCP request holds the loop more than
 * 50 ms. Latency rows with the server's event-loop delay measured over each round.
 */
function reportsScenarios(dialect: 'sqlite' | 'postgres'): Scenario[] {
  const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const contender = `marquee-${dialect}`;
  const at = (pace: { connections: number; rate: number }) =>
    `${pace.connections} connection${pace.connections > 1 ? 's' : ''} at ${pace.rate}/s`;
  return [
    ...REPORTS.map((report): Scenario => ({
      name: `GET /v2/reports/${report}, all of 100,000 bookings (events, lines, payments), ${at(REPORTS_PACE)} — ${label}`,
      contender,
      needs: 'reports',
      request: reportRequest(report),
      connections: REPORTS_PACE.connections,
      rate: REPORTS_PACE.rate,
      loop: true,
    })),
    {
      // SPEC §17: the messages list under 20 ms at p99 with 100,000 messages; each request asks
      // for a page before another instant, so none is served from the page cache.
      name: `GET /v2/messages (25) of 100,000 messages, a new query each request, ${at(MESSAGES_PACE)} — ${label}`,
      contender,
      needs: 'reports',
      request: (i) => {
        let instant = Date.parse('2040-01-01T00:00:00.000Z');
        return {
          ...api(i, '/v2/messages', i.reportsOrg),
          requests: [
            {
              setupRequest: (request) => {
                instant -= 1;
                const before = new Date(instant).toISOString();
                return { ...request, path: `/v2/messages?filter[created_at][lt]=${before}` };
              },
            },
          ],
        };
      },
      connections: MESSAGES_PACE.connections,
      rate: MESSAGES_PACE.rate,
      loop: true,
    },
    {
      name: `POST /inquire/<slug>, the served form, each visitor from its own address after the fill time, ${at(INQUIRY_PACE)} — ${label}`,
      contender,
      needs: 'reports',
      request: inquiryPosts,
      around: (info, run) => withVisitors(info, INQUIRY_PACE.rate, run),
      connections: INQUIRY_PACE.connections,
      rate: INQUIRY_PACE.rate,
      loop: true,
    },
    {
      name: `POST /mcp, an assistant's calls in turn (tools/list, check_availability, search_bookings, get_booking, payments_due) on 100,000 bookings, ${at(MCP_PACE)} — ${label}`,
      contender,
      needs: 'reports',
      request: mcpCalls,
      connections: MCP_PACE.connections,
      rate: MCP_PACE.rate,
      loop: true,
    },
  ];
}

function postNote(i: Record<string, string>): autocannon.Options {
  return {
    ...api(i, '/notes'),
    method: 'POST',
    headers: {
      authorization: `Bearer ${i.token}`,
      'x-api-org': i.org!,
      'content-type': 'application/vnd.api+json',
    },
    body: JSON.stringify({
      data: {
        type: 'notes',
        attributes: { body: 'Benchmark note' },
        relationships: { notable: { data: { type: 'bookings', id: i.bookingId } } },
      },
    }),
  };
}

/**
 * Runs a search row once the searches the row before left running have been answered. autocannon
 * ends a round by closing its connections, not by waiting for their answers, so up to SEARCHERS
 * searches of the organization were still running or waiting for their turn when the next search
 * row began, and its first requests found the turns full (83 429s in a PostgreSQL reference row).
 * An organization's searches take their turns in order of arrival: a search sent now is answered
 * after every one before it.
 */
async function afterEarlierSearches(
  info: Record<string, string>,
  run: () => Promise<Result>,
): Promise<Result> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(
      `${info.url}/v2/bookings?filter[search]=${encodeURIComponent(`settling ${attempt} ${Date.now()}`)}`,
      { headers: { authorization: `Bearer ${info.token}`, 'x-api-org': info.searchOrg! } },
    );
    await response.arrayBuffer();
    if (response.ok) return run();
    if (response.status !== 429 || attempt >= 600)
      throw new Error(`The search venue answered ${response.status} before a search row.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A minute's worth of the search venue's worst searches, all at once as `run` starts measuring. */
async function worstSearches(info: Record<string, string>, run: () => Promise<Result>): Promise<Result> {
  // Each at another instant of a filter that keeps every row, so no two share a cached page.
  const worst = (n: number) =>
    `${info.url}/v2/bookings?page[size]=100&sort=name&filter[search]=zz&filter[space_id][in]=S,a` +
    `&filter[created_at][lt]=${new Date(Date.UTC(2100, 0, 1) + n + Math.floor(Math.random() * 1e9)).toISOString()}`;
  const search = (_: unknown, n: number) =>
    fetch(worst(n), { headers: { authorization: `Bearer ${info.token}`, 'x-api-org': info.searchOrg! } })
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
  const sent = Array.from({ length: 100 }, search);
  try {
    return await run();
  } finally {
    await Promise.all(sent);
  }
}

/** Runs a measurement while the SQLite contender's change rows (the outbox, `changes`) are ignored (RAISE(IGNORE)). */
async function withoutEventRows(info: Record<string, string>, run: () => Promise<Result>): Promise<Result> {
  const file = new Sqlite(path.join(info.dataDir!, SQLITE_FILE_NAME));
  file.pragma('busy_timeout = 10000');
  file.exec('create trigger bench_discard_events before insert on changes begin select raise(ignore); end');
  try {
    return await run();
  } finally {
    file.exec('drop trigger bench_discard_events');
    file.close();
  }
}

/**
 * With BENCH_ONLY, the large venues no chosen scenario reads are seeded small (1,000 bookings)
 * or not at all (events), unless their sizes are given (BENCH_DEEP_ROWS, BENCH_SEARCH_ROWS,
 * BENCH_EVENT_ROWS).
 */
function seedOnlyWhatIsRead(): void {
  if (!ONLY) return;
  const chosen = scenarios.filter((s) => ONLY.test(s.name));
  const needed = (what: Scenario['needs']) => chosen.some((s) => s.needs === what);
  if (!needed('deep')) process.env.BENCH_DEEP_ROWS ??= '1000';
  if (!needed('search')) process.env.BENCH_SEARCH_ROWS ??= '1000';
  if (!needed('events')) process.env.BENCH_EVENT_ROWS ??= '0';
  if (!needed('reports')) process.env.BENCH_REPORT_ROWS ??= '0';
}

interface ProcessCpu {
  name: string;
  parent: number;
  seconds: number;
}

/** CPU seconds each process has used so far, by pid, with its command name and parent (from /proc). */
function processCpu(): Map<number, ProcessCpu> {
  const ticks = 100; // USER_HZ on Linux
  const found = new Map<number, ProcessCpu>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      // utime and stime: fields 14 and 15 of the line, 12 and 13 after the name and state.
      found.set(Number(entry), {
        name,
        parent: Number(fields[1]),
        seconds: (Number(fields[11]) + Number(fields[12])) / ticks,
      });
    } catch {
      // the process ended while being read
    }
  }
  return found;
}

/**
 * The CPU that processes other than the load generator and the contender under test used while
 * a round ran (PostgreSQL's own processes count as the contender's on a PostgreSQL row): what
 * stole cores from the measurement, by command name.
 */
function bystanders(
  before: Map<number, ProcessCpu>,
  after: Map<number, ProcessCpu>,
  contender: { pid?: string | undefined; postgres: boolean },
): { seconds: number; top: string } {
  // The load generator itself, and the contender with every process it started (its cluster's
  // workers); the other contenders, children of this process too, are bystanders.
  const contenderPid = Number(contender.pid ?? 0);
  const isOwn = (pid: number): boolean => {
    if (pid === process.pid) return true;
    for (let at = pid, hops = 0; at > 1 && hops < 64; hops++) {
      if (at === contenderPid) return true;
      at = after.get(at)?.parent ?? 0;
    }
    return false;
  };
  const used = new Map<string, number>();
  let seconds = 0;
  for (const [pid, now] of after) {
    if (isOwn(pid) || (contender.postgres && now.name.startsWith('postgres'))) continue;
    const spent = now.seconds - (before.get(pid)?.seconds ?? now.seconds);
    if (spent <= 0) continue;
    seconds += spent;
    used.set(now.name, (used.get(now.name) ?? 0) + spent);
  }
  const top = [...used]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
    .join(', ');
  return { seconds, top };
}

/** The machine's busy and total CPU time so far (jiffies, all cores), from /proc/stat. */
function cpuTimes(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const total = fields.reduce((sum, n) => sum + n, 0);
  return { busy: total - idle, total };
}

/**
 * Waits until the machine is quiet (under 15% busy over two seconds, at most ten minutes, or
 * BENCH_QUIET_WAIT_SECONDS on a machine others keep busy): no contender may still be seeding,
 * vacuuming, checkpointing or copying while a round is measured.
 */
async function machineQuiet(): Promise<void> {
  const deadline = Date.now() + Number(process.env.BENCH_QUIET_WAIT_SECONDS ?? 600) * 1000;
  for (;;) {
    const before = cpuTimes();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = cpuTimes();
    const busy = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    if (busy < 0.15) return;
    if (Date.now() > deadline) {
      console.log(`The machine is still ${Math.round(busy * 100)}% busy; measuring anyway.`);
      return;
    }
    console.log(`Waiting for the machine to be quiet (${Math.round(busy * 100)}% busy)…`);
  }
}

async function main() {
  seedOnlyWhatIsRead();
  const withPostgres = await postgresAnswers();
  const kinds = ['plain', 'marquee-sqlite', 'oidc-provider', ...(withPostgres ? ['marquee-postgres'] : [])];
  // Clusters run on copies of the data only when a scenario of theirs is chosen.
  const wanted = (kind: string) =>
    scenarios.some((s) => s.contender === kind && (!ONLY || ONLY.test(s.name)));
  for (const kind of ['marquee-sqlite-workers', ...(withPostgres ? ['marquee-postgres-workers'] : [])]) {
    if (wanted(kind)) kinds.push(kind);
  }
  console.log(`Starting contenders (${kinds.join(', ')}); seeding 1,000,000 bookings takes a while…`);
  const contenders = new Map<string, Contender>();
  for (const kind of kinds) contenders.set(kind, await start(kind));
  for (const kind of [
    'marquee-sqlite',
    'marquee-postgres',
    'marquee-sqlite-workers',
    'marquee-postgres-workers',
  ]) {
    const info = contenders.get(kind)?.info;
    if (info) info.notePaths = JSON.stringify(await notePagePaths(info));
  }
  const sqlite = contenders.get('marquee-sqlite')!.info;
  // The bookings page and the distinct note pages, as the SQLite contender serves them.
  const { pageFile, notePagesFile } = await writeServedPages(sqlite, notePaths(sqlite));
  const memory = await start('fastify-memory', pageFile, notePagesFile);
  // Loaded as the Marquee contender is (the same paths and headers, which it ignores).
  memory.info = { ...sqlite, url: memory.info.url!, pid: '' };
  contenders.set('fastify-memory', memory);
  const rssBefore = rssMb(contenders.get('marquee-sqlite')?.info.pid);
  await machineQuiet();

  const chosen = scenarios.flatMap((scenario) => {
    const contender = contenders.get(scenario.contender);
    if (!contender || (ONLY && !ONLY.test(scenario.name) && scenario !== scenarios[0])) return [];
    return [{ scenario, info: contender.info }];
  });
  // Every scenario once, unmeasured: the first load a server (and autocannon, in this process)
  // meets runs code the JIT has not yet compiled, and a first pass fills the caches a later one
  // reads; without this, round 1 measured warming up and the median leaned on two rounds.
  for (const { scenario, info } of chosen) {
    const warm = () => measure(scenario, info, WARMUP);
    if (WARMUP > 0) await (scenario.around ? scenario.around(info, warm) : warm());
  }
  const results = new Map<string, Result[]>();
  const disturbed: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const { scenario, info } of chosen) {
      const measured = () => measure(scenario, info);
      // The contender's own sample of its event loop over the measurement alone.
      const run =
        scenario.loop && info.loopProbe
          ? async () => {
              const { result, delay } = await withLoopDelay(info.loopProbe!, measured);
              return { ...result, loop: delay };
            }
          : measured;
      const before = processCpu();
      const result = await (scenario.around ? scenario.around(info, run) : run());
      const others = bystanders(before, processCpu(), {
        pid: info.pid,
        postgres: scenario.contender.startsWith('marquee-postgres'),
      });
      results.set(scenario.name, [...(results.get(scenario.name) ?? []), result]);
      console.log(
        `round ${round + 1}: ${scenario.name}: ${Math.round(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${statusWords(result.statuses)}${result.loop ? `; event loop max ${result.loop.max} ms, p99 ${result.loop.p99} ms` : ''}; other processes ${others.seconds.toFixed(1)} s CPU${others.top ? ` (${others.top})` : ''}`,
      );
      // More than a fifth of a core beside the measurement: say so beside the figures.
      if (others.seconds > 0.2 * DURATION)
        disturbed.push(`${scenario.name}, round ${round + 1}: ${others.top}`);
    }
  }
  const deliveries: string[] = [];
  for (const [kind, label] of ONLY
    ? []
    : ([
        ['marquee-sqlite', 'SQLite'],
        ['marquee-postgres', 'PostgreSQL'],
      ] as const)) {
    const contender = contenders.get(kind);
    if (!contender) continue;
    const result = await measureDeliveries(contender.info);
    console.log(`webhook deliveries — ${label}: ${result.events} in ${result.seconds.toFixed(1)} s`);
    deliveries.push(
      `- Webhook deliveries, from the commit of a note to a local receiver — ${label}: ${Math.round(result.perSecond).toLocaleString('en')} events/s (${result.events} events in ${result.seconds.toFixed(1)} s, notes created 50 at a time).`,
    );
  }
  const rssAfter = rssMb(contenders.get('marquee-sqlite')?.info.pid);
  const rssAfterPg = rssMb(contenders.get('marquee-postgres')?.info.pid);
  const measuredPostgres = contenders.has('marquee-postgres');
  for (const contender of contenders.values()) contender.process.kill('SIGTERM');
  rmSync(pageFile, { force: true });
  // The mailbox rows run in this process once the servers are gone (bench/mailbox-loads.ts).
  const mailbox: string[] = [];
  const missedGoals: string[] = [];
  if (!ONLY || ONLY.test('mailbox')) {
    for (const dialect of measuredPostgres ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
      const { lines, failures } = await measureMailbox(dialect);
      for (const line of lines) console.log(line);
      mailbox.push(...lines);
      missedGoals.push(...failures);
    }
  }
  // So do the rows of automation steps falling due at once (bench/automation-steps.ts).
  if (!ONLY || ONLY.test('automation steps')) {
    for (const dialect of measuredPostgres ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
      const { line, failures } = await measureAutomationSteps(dialect);
      console.log(line);
      mailbox.push(line);
      missedGoals.push(...failures);
    }
  }
  // And the runner when little is due: a step due while it idles, and waiting runs against pages
  // (bench/automation-waiting.ts).
  if (!ONLY || ONLY.test('automation waiting')) {
    for (const dialect of measuredPostgres ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
      for (const row of [await measureIdleStart(dialect), await measureWaitingRuns(dialect)]) {
        console.log(row.line);
        mailbox.push(row.line);
        if (row.failure) missedGoals.push(row.failure);
      }
    }
  }
  // And SPEC §19's custom fields rows, each on a server of its own (bench/custom-field-loads.ts).
  // BENCH_ONLY chooses them by name: 'custom field' both, 'custom field change' the type change's alone.
  const fieldLatency = !ONLY || ONLY.test('custom field filter, sort and page');
  if (fieldLatency || ONLY.test('custom field change')) {
    for (const dialect of measuredPostgres ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
      const { lines, failures } = await measureCustomFields(dialect, { latency: fieldLatency });
      for (const line of lines) console.log(line);
      mailbox.push(...lines);
      missedGoals.push(...failures);
    }
  }
  rmSync(notePagesFile, { force: true });

  // Each scenario's median round (other work on the machine disturbs single rounds): by
  // throughput, or for a latency row (whose throughput is its pace) by p99.
  const latencyRow = (name: string) => scenarios.find((s) => s.name === name)?.rate !== undefined;
  const best = (name: string) => {
    const by = latencyRow(name) ? (r: Result) => r.p99 : (r: Result) => r.rps;
    const rounds = [...(results.get(name) ?? [])].sort((a, b) => by(a) - by(b));
    return rounds[Math.floor((rounds.length - 1) / 2)];
  };
  // A row with answers its load did not ask for measured errors: it shows them, and no figure.
  const verdicts = new Map(scenarios.map((s) => [s.name, judgeRow(results.get(s.name) ?? [], s.asks)]));
  const failedRows = [
    ...scenarios.flatMap((s) => {
      const verdict = verdicts.get(s.name)!;
      return verdict.failed ? [`${s.name}: ${failureWords(verdict)}`] : [];
    }),
    ...missedGoals,
  ];
  const limitVerdict = verdicts.get(scenarios[0]!.name);
  const limit = limitVerdict?.failed ? Number.NaN : best(scenarios[0]!.name)!.rps;
  const rows = scenarios.map((s) => {
    const r = best(s.name);
    if (!r) return `| ${s.name} | skipped (${ONLY ? 'not chosen' : 'PostgreSQL not reachable'}) | | | | |`;
    const verdict = verdicts.get(s.name)!;
    if (verdict.failed) return `| ${s.name} | failed: ${failureWords(verdict)} | | | | |`;
    const ratio = latencyRow(s.name) || Number.isNaN(limit) ? '—' : (r.rps / limit).toFixed(2);
    return `| ${s.name} | ${Math.round(r.rps).toLocaleString('en')} | ${r.p50} | ${r.p99} | ${ratio} | ${verdict.asked} |`;
  });
  const outboxCost = () => {
    const withRows = best(POST_NOTES)?.rps;
    const without = best(POST_NOTES_NO_OUTBOX)?.rps;
    if (!withRows || !without) return 'not measured in this run.';
    return `${Math.round(withRows).toLocaleString('en')} req/s with the event row written, ${Math.round(without).toLocaleString('en')} with it discarded: ${(((without - withRows) / without) * 100).toFixed(1)}% of a note's write throughput.`;
  };
  // Each loop-measured row's event-loop delay by round (max, and p99 in brackets).
  const loopRows = scenarios.flatMap((s) => {
    const rounds = (results.get(s.name) ?? []).filter((r) => r.loop);
    if (!s.loop || rounds.length === 0) return [];
    const byRound = rounds.map((r) => `${r.loop!.max} (${r.loop!.p99})`).join(', ');
    return [`  - ${s.name}: ${byRound} ms; p99 latency by round ${rounds.map((r) => r.p99).join(', ')} ms.`];
  });
  const loopDelays =
    loopRows.length === 0
      ? ''
      : `- The server's event loop while a row ran (its own \`monitorEventLoopDelay\`, sampled every millisecond; bench/loop-probe.ts), longest delay by round with the p99 in brackets:\n${loopRows.join('\n')}\n`;
  const marqueeCc = best(CC_MARQUEE)?.rps ?? 0;
  const peerCc = best(CC_PEER)?.rps ?? 1;
  const table = [
    '| Scenario | req/s | p50 ms | p99 ms | ratio to node:http | non-2xx asked for |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const report = `# Performance

Measured by \`npm run bench\` (${ROUNDS} alternating rounds of ${DURATION} s per scenario after ${WARMUP} s of each unmeasured, ${CONNECTIONS} connections unless a row says otherwise,
autocannon in the parent process, each server in its own process on 127.0.0.1; the median round shown).
Rows "N connections at R/s" are latency rows: one request every 1/R s over at most N connections
(bench/paced.ts), each latency counted from when the request was due; their median round is
their median p99.

Machine: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}.

${table}

- Reads of a page that has not changed since it was last served (and was asked for at least
  twice) come from the process's cache, which a commit in the same organization (or a change to users, memberships, integrations or
  grants) empties, here or in another process; the "new query each request" and "distinct pages"
  rows measure reads that miss it and go to the database. The distinct pages read their rows'
  versions there; a page whose rows are as when it was last assembled is sent as it was kept
  (src/api/versioned-pages.ts, up to 32 MB of pages).
- "The same page from memory, plain Fastify" sends the bytes of a page Marquee served, with
  nothing else: the most any Fastify service could do with that page on this machine. "The
  ${DISTINCT_PAGES.toLocaleString('en')} distinct note pages from memory" does the same for the distinct pages (the bytes the
  SQLite contender served for each path, under the same load): the ceiling of those rows here,
  where the load generator's work grows with the size of each response.
- The outbox on \`POST /notes\`: ${outboxCost()}
- Client-credentials issuance, persisted: ${(marqueeCc / peerCc).toFixed(2)}× node-oidc-provider's in-memory rate.
- Rounds during which other processes used more than a fifth of a core: ${disturbed.length === 0 ? 'none.' : disturbed.join('; ')}
- Resident memory of the SQLite Marquee process: ${rssBefore ?? '?'} MB when serving began (the data was seeded by another process), ${rssAfter ?? '?'} MB after the benchmark${rssAfterPg ? `; the PostgreSQL one ${rssAfterPg} MB after` : ''}.
${deliveries.join('\n')}
${mailbox.join('\n')}
${loopDelays}- A row whose server gave answers other than 2xx that its load did not ask for (a 429, a 500, no
  answer) measured how fast errors come back: it shows them by status instead of a figure, and the
  bench exits with a failure (bench/row-verdict.ts). The last column counts the answers a load asks
  for (a move onto a taken place, a 409).
- Ratios are to the plain \`node:http\` server of the same run, so they carry over between machines better than raw figures.
`;
  // The sections written by hand (profiles, scaling) follow the measured table and are kept.
  const previous = readFileSync('docs/performance.md', 'utf8');
  const kept = previous.indexOf(HAND_WRITTEN);
  if (!ONLY)
    writeFileSync('docs/performance.md', kept === -1 ? report : `${report}\n${previous.slice(kept)}`);
  console.log(`\n${report}`);
  if (failedRows.length > 0) {
    console.error(
      `\nFailed rows (answers their loads did not ask for, no figure given; or a goal missed):\n${failedRows.join('\n')}`,
    );
    return 1;
  }
  return 0;
}

process.exit(await main());
