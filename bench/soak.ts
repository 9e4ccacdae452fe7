/**
 * `npm run soak`: mixed traffic against one Marquee for a bounded time (SOAK_SECONDS, default 180)
 * on 127.0.0.1, reporting errors and how resident memory grew. Not part of `npm test`.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readyInfo } from './child-ready.js';
import { marqueeNodeFlags } from './node-flags.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 180);
const CONCURRENCY = 16;

const child = spawn(
  process.execPath,
  [...marqueeNodeFlags(), path.resolve('dist/bench/contenders.js'), 'marquee-sqlite'],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_DEEP_ROWS: process.env.BENCH_DEEP_ROWS ?? '20000' },
  },
);
const info = await readyInfo(child, 'marquee-sqlite');
const rss = () =>
  Math.round(
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${info.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
  );
const api = { authorization: `Bearer ${info.token}`, 'x-api-org': info.org! };

const actions: Array<() => Promise<Response>> = [
  () => fetch(`${info.url}/v2/bookings?page[size]=25&include=account,owner`, { headers: api }),
  () =>
    fetch(`${info.url}/v2/bookings?filter[status][in]=definite,tentative&sort=start_at`, { headers: api }),
  () => fetch(`${info.url}/v2/accounts?page[size]=50`, { headers: api }),
  () => fetch(`${info.url}/v2/me`, { headers: api }),
  () =>
    fetch(`${info.url}/notes`, {
      method: 'POST',
      headers: { ...api, 'content-type': 'application/vnd.api+json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({
        data: {
          type: 'notes',
          attributes: { body: 'soak' },
          relationships: { notable: { data: { type: 'bookings', id: info.bookingId } } },
        },
      }),
    }),
  () => fetch(`${info.url}/notes?page[size]=10`, { headers: api }),
  () =>
    fetch(`${info.url}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: info.clientId!,
        client_secret: info.clientSecret!,
      }),
    }),
  () => fetch(`${info.url}/v2/bookings?page[size]=abc`, { headers: api }),
];

const startRss = rss();
const deadline = Date.now() + SECONDS * 1000;
const counts = { ok: 0, clientErrors: 0, serverErrors: 0, failures: 0 };
let peak = startRss;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 1000);
await Promise.all(
  Array.from({ length: CONCURRENCY }, async (_, worker) => {
    for (let i = worker; Date.now() < deadline; i++) {
      try {
        const response = await actions[i % actions.length]!();
        await response.arrayBuffer();
        if (response.status >= 500) counts.serverErrors++;
        else if (response.status >= 400) counts.clientErrors++;
        else counts.ok++;
      } catch {
        counts.failures++;
      }
    }
  }),
);
clearInterval(sampler);
const endRss = rss();
child.kill('SIGTERM');
const total = counts.ok + counts.clientErrors + counts.serverErrors + counts.failures;
console.log(
  `Soak: ${SECONDS} s, ${CONCURRENCY} workers, ${total} requests (${Math.round(total / SECONDS)}/s)`,
);
console.log(
  `  2xx ${counts.ok}, 4xx ${counts.clientErrors} (one action sends a bad page size on purpose), 5xx ${counts.serverErrors}, network failures ${counts.failures}`,
);
console.log(
  `  resident memory: ${startRss} MB at start, ${peak} MB peak, ${endRss} MB at the end (growth ${endRss - startRss} MB)`,
);
process.exit(counts.serverErrors + counts.failures > 0 ? 1 : 0);
