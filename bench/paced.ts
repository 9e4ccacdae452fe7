/**
 * A latency row's load (bench/run.ts, `rate`): requests sent at an even pace, one every
 * 1000/rate ms, over at most `connections` keep-alive connections, each request's latency counted
 * from when it was due. A request due while every connection is busy waits for one, and that wait
 * counts: a slow answer is not hidden by the requests it held up.
 *
 * autocannon's own rate option is not this: each connection sends its share of a second at once
 * when the second begins, so the row measured a queue of `connections` requests every second, and
 * its correction for the requests held up assumes they were due 1 ms apart.
 */
import http from 'node:http';
import type autocannon from 'autocannon';

export interface PacedResult {
  /** Answers a second over the run. */
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, and requests that failed or timed out. */
  non2xx: number;
  /** Those answers by status, and `error` for requests that failed or timed out. */
  statuses: Record<string, number>;
  /** Every request answered or failed. */
  answers: number;
}

/** The nearest-rank percentile of sorted values, rounded to 0.1 ms. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return Math.round(sorted[rank]! * 10) / 10;
}

/** The next request of a load, as autocannon's `setupRequest` of its first request makes it. */
function nextRequest(options: autocannon.Options): () => autocannon.Request {
  const first = options.requests?.[0];
  const base: autocannon.Request = {
    method: options.method ?? 'GET',
    path: new URL(options.url).pathname,
    headers: { ...(options.headers ?? {}) },
    ...(options.body !== undefined ? { body: options.body } : {}),
  } as autocannon.Request;
  const setup = first?.setupRequest as ((request: autocannon.Request) => autocannon.Request) | undefined;
  return () => (setup ? setup({ ...base, headers: { ...base.headers } }) : base);
}

/** The address a request is sent from, when its load names one (127.0.0.0/8 is all loopback). */
const localAddress = (request: autocannon.Request) => (request as { localAddress?: string }).localAddress;

export async function pacedLoad(
  options: autocannon.Options,
  rate: number,
  connections: number,
  seconds: number,
  /** A request whose connection is silent this long fails (autocannon's default, 10 s). */
  timeoutMs = 10_000,
): Promise<PacedResult> {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const next = nextRequest(options);
  const latencies: number[] = [];
  let non2xx = 0;
  const statuses: Record<string, number> = {};
  const answered: Array<Promise<void>> = [];
  const start = performance.now();
  for (let n = 0; ; n++) {
    // Compared before adding `start`: (start + 1000) − start may come out a hair under 1000.
    const offset = (n * 1000) / rate;
    if (offset >= seconds * 1000) break;
    const due = start + offset;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const request = next();
    answered.push(
      new Promise<void>((resolve) => {
        let settled = false;
        const done = (status: number | 'error') => {
          if (settled) return;
          settled = true;
          latencies.push(performance.now() - due);
          if (status === 'error' || status < 200 || status >= 300) {
            non2xx += 1;
            statuses[status] = (statuses[status] ?? 0) + 1;
          }
          resolve();
        };
        const outgoing = http.request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            method: request.method ?? 'GET',
            path: request.path,
            headers: request.headers as http.OutgoingHttpHeaders,
            // A load whose requests come from addresses of their own (bench/report-loads.ts).
            ...(localAddress(request) ? { localAddress: localAddress(request) } : {}),
          },
          (response) => {
            response.resume();
            response.once('end', () => done(response.statusCode ?? 0));
            response.once('error', () => done('error'));
          },
        );
        outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new Error('no answer in time')));
        outgoing.on('error', () => done('error'));
        outgoing.end(request.body as string | Buffer | undefined);
      }),
    );
  }
  await Promise.all(answered);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    non2xx,
    statuses,
    answers: latencies.length,
  };
}
