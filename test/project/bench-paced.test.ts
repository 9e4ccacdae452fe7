/**
 * The benchmark's latency rows (bench/paced.ts) against a real HTTP server: requests go out at
 * an even pace, not a second's share at once; a request due while every connection is busy waits,
 * and its latency counts from when it was due; answers other than 2xx are counted.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { pacedLoad, percentile } from '../../bench/paced.js';

describe('bench paced load', () => {
  let server: http.Server;
  let url: string;
  /**
   * When each of this file's requests arrived (ms, performance.now()), and its path. Requests
   * whose path lacks `token` are not counted: the port is ephemeral, and a client of another test
   * file running at the same time may still reach for it after its own server there closed.
   */
  const arrivals: Array<{ at: number; path: string }> = [];
  const token = `/t${randomUUID()}`;

  before(async () => {
    server = http.createServer((request, response) => {
      const path = request.url?.startsWith(token) ? request.url.slice(token.length) : undefined;
      if (path === undefined) {
        response.statusCode = 404;
        response.end();
        return;
      }
      arrivals.push({ at: performance.now(), path });
      // `/slow` answers after 300 ms; `/missing` is a 404; `/silent` never answers.
      if (path === '/silent') return;
      const delay = path === '/slow' ? 300 : 0;
      setTimeout(() => {
        response.statusCode = path === '/missing' ? 404 : 200;
        response.end('{}');
      }, delay);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${token}`;
  });
  after(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends requests evenly spaced at the rate, over the connections given', async () => {
    arrivals.length = 0;
    let n = 0;
    /** When each request was made, by its number (timers fire late, never early). */
    const made: number[] = [];
    const before = performance.now();
    const result = await pacedLoad(
      {
        url,
        requests: [
          {
            setupRequest: (request) => {
              made.push(performance.now());
              return { ...request, path: `${token}/fast/${n++}` };
            },
          },
        ],
      },
      50,
      4,
      1,
    );
    // Each of the 50 exactly once (a run whose due times were added to its start sent a 51st when
    // the sum rounded under a second).
    assert.deepEqual(
      arrivals.map((a) => a.path).sort(),
      Array.from({ length: 50 }, (_, i) => `/fast/${i}`).sort(),
    );
    // 20 ms apart over the second, not a second's share at once: the i-th request is made no
    // earlier than 20 × i ms after the load began, however busy the machine (a late timer only
    // makes it later; a timer counts whole milliseconds of the loop's clock, so one may fire up to
    // a millisecond before the exact instant), so the last is made at least 979 ms in.
    const early = made.flatMap((at, i) => (at - before < 20 * i - 2 ? [`#${i} at ${at - before} ms`] : []));
    assert.deepEqual(early, [], 'requests made before they were due');
    assert.equal(made.length, 50);
    // The load lasts until its last answer, and the last request is made at least 978 ms after the
    // load began (above): 50 answers in no less than 0.978 s. A busy machine only lowers the rate.
    assert.ok(result.rps <= 50 / 0.978, `rps ${result.rps}`);
    assert.equal(result.non2xx, 0);
  });

  it('counts a request held up behind a slow one from when it was due', async () => {
    arrivals.length = 0;
    let n = 0;
    // One connection; the first request takes 300 ms, the next four are due meanwhile.
    const result = await pacedLoad(
      {
        url,
        requests: [
          { setupRequest: (request) => ({ ...request, path: `${token}${n++ === 0 ? '/slow' : '/fast'}` }) },
        ],
      },
      20,
      1,
      0.25,
    );
    assert.deepEqual(
      arrivals.map((a) => a.path),
      ['/slow', '/fast', '/fast', '/fast', '/fast'],
    );
    // The second was due 50 ms in and answered after the first (300 ms): about 250 ms late.
    assert.ok(result.p50 >= 150, `p50 ${result.p50}`);
    assert.ok(result.p99 >= 290, `p99 ${result.p99}`);
  });

  it('counts answers other than 2xx', async () => {
    const result = await pacedLoad({ url: `${url}/missing` }, 100, 2, 0.1);
    assert.equal(result.non2xx, 10);
    assert.deepEqual(result.statuses, { 404: 10 });
    assert.equal(result.answers, 10);
  });

  it('fails a request that gets no answer in time, and the load still ends', async () => {
    const started = performance.now();
    const result = await pacedLoad({ url: `${url}/silent` }, 20, 2, 0.1, 200);
    assert.equal(result.non2xx, 2);
    assert.deepEqual(result.statuses, { error: 2 });
    assert.ok(result.p99 >= 200, `p99 ${result.p99}`);
    // Ends on its own: a silent server does not hold the load past its timeout for good.
    assert.ok(performance.now() - started < 30_000, 'the load ended');
  });

  it('takes the nearest-rank percentile', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    assert.equal(percentile(values, 0.5), 50);
    assert.equal(percentile(values, 0.99), 99);
    assert.equal(percentile([7.25], 0.99), 7.3);
    assert.equal(percentile([], 0.5), 0);
  });
});
