/**
 * The loads of issues 57 and 58 on the reports venue (bench/seed-reports.ts, 100,000 bookings):
 * - each report over the venue's whole history (no range: every booking), as the API serves it;
 * - the public inquiry form posted as visitors post it: each visitor loads the form (its signed
 *   token), takes more than the form's minimum fill time (3 s) and posts it once, from an address
 *   of its own (127.0.0.0/8 is all loopback: the server sees each post come from another
 *   address, as visitors do, and its per-address throttle of 5 posts in 10 minutes never
 *   refuses one; no proxy header is sent, as the bench's server trusts none);
 * - an assistant's calls to /mcp (JSON-RPC over Streamable HTTP, stateless) in turn: tools/list,
 *   check_availability, search_bookings by reference, get_booking, payments_due now and over a
 *   month.
 */
import http from 'node:http';
import type autocannon from 'autocannon';
import { INQUIRY_SLUG } from './seed-reports.js';

type Info = Record<string, string>;

export const REPORTS = ['pipeline', 'conversion', 'revenue_by_space', 'payments_due'] as const;

export function reportRequest(name: string) {
  return (i: Info): autocannon.Options => ({
    url: `${i.url}/v2/reports/${name}`,
    headers: { authorization: `Bearer ${i.token}`, 'x-api-org': i.reportsOrg! },
  });
}

/** The next visitor's own loopback address: 127.1.0.1, 127.1.0.2, … (one post each). */
let visitors = 0;
function nextAddress(): string {
  const n = visitors++;
  return `127.${1 + Math.floor(n / (254 * 256))}.${Math.floor(n / 254) % 256}.${1 + (n % 254)}`;
}

interface Visitor {
  address: string;
  token: string;
}

const waiting: Visitor[] = [];

/** The form's hidden token as a visitor at `address` gets it (`?format=json`). */
function formToken(url: string, address: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/inquire/${INQUIRY_SLUG}?format=json`, { localAddress: address }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          const form = JSON.parse(body) as { data?: { attributes: { hidden: { token: string } } } };
          if (!form.data) reject(new Error(`GET /inquire/${INQUIRY_SLUG}: ${response.statusCode} ${body}`));
          else resolve(form.data.attributes.hidden.token);
        });
      })
      .on('error', reject);
  });
}

/**
 * Runs `run` once as many visitors as it may post have loaded the form (rate × BENCH_SECONDS,
 * and some) and more than the minimum fill time has passed since.
 */
export async function withVisitors<T>(info: Info, rate: number, run: () => Promise<T>): Promise<T> {
  const wanted = Math.ceil(rate * Number(process.env.BENCH_SECONDS ?? 5)) + 10;
  waiting.length = 0;
  for (let n = 0; n < wanted; n++) {
    const address = nextAddress();
    waiting.push({ address, token: await formToken(info.url!, address) });
  }
  await new Promise((resolve) => setTimeout(resolve, 3_200));
  return run();
}

const DAY = 86_400_000;

/** A visitor's post of the served form (application/x-www-form-urlencoded, as a browser sends it). */
export function inquiryPosts(i: Info): autocannon.Options {
  let n = 0;
  const url = `${i.url}/inquire/${INQUIRY_SLUG}`;
  const firstDay = Date.now() + 60 * DAY;
  return {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    requests: [
      {
        setupRequest: (request: autocannon.Request) => {
          const visitor = waiting.shift();
          if (!visitor) throw new Error('more inquiry posts than visitors who loaded the form');
          n += 1;
          const body = new URLSearchParams({
            name: `Visitor ${visitors}-${n}`,
            email: `visitor-${visitor.address}@bench.example`,
            phone: '+44 117 496 0000',
            company: n % 2 === 0 ? `Company ${visitor.address}` : '',
            event_type: ['Wedding', 'Conference', 'Gala'][n % 3]!,
            date: new Date(firstDay + (n % 400) * DAY).toISOString().slice(0, 10),
            start_time: '18:00',
            end_time: '23:00',
            guest_count: String(40 + (n % 200)),
            message: 'We are looking for a venue for about this many guests, with dinner and dancing.',
            utm_source: 'bench',
            utm_medium: 'web',
            referrer: 'https://search.example/',
            token: visitor.token,
            website: '',
          }).toString();
          return { ...request, body, localAddress: visitor.address } as autocannon.Request;
        },
      },
    ],
  };
}

/** An assistant's calls to /mcp, in turn. */
export function mcpCalls(i: Info): autocannon.Options {
  let n = 0;
  const day = (k: number) =>
    new Date(Date.now() - 4 * 365 * DAY + ((k * 7919) % 2190) * DAY).toISOString().slice(0, 10);
  const monthAfter = (date: string) => new Date(Date.parse(date) + 30 * DAY).toISOString().slice(0, 10);
  const reference = (k: number) => `BK-${String(1 + ((k * 7919) % 90_000)).padStart(5, '0')}`;
  const calls: Array<(k: number) => { method: string; params?: object }> = [
    () => ({ method: 'tools/list' }),
    (k) => ({
      method: 'tools/call',
      params: {
        name: 'check_availability',
        arguments: {
          start_at: `${day(k)}T18:00`,
          end_at: `${day(k)}T23:00`,
          guest_count: 100,
          setup_style: 'banquet',
        },
      },
    }),
    (k) => ({
      method: 'tools/call',
      params: { name: 'search_bookings', arguments: { query: reference(k) } },
    }),
    (k) => ({ method: 'tools/call', params: { name: 'get_booking', arguments: { id: reference(k) } } }),
    () => ({ method: 'tools/call', params: { name: 'payments_due', arguments: {} } }),
    (k) => ({
      method: 'tools/call',
      params: { name: 'payments_due', arguments: { from: day(k), to: monthAfter(day(k)) } },
    }),
  ];
  return {
    url: `${i.url}/mcp`,
    method: 'POST',
    headers: {
      authorization: `Bearer ${i.mcpToken}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    },
    requests: [
      {
        setupRequest: (request: autocannon.Request) => {
          n += 1;
          const call = calls[n % calls.length]!(n);
          return { ...request, body: JSON.stringify({ jsonrpc: '2.0', id: n, ...call }) };
        },
      },
    ],
  };
}
