/**
 * How long a contender's event loop was held while a row ran (issues 57 and 58: no report, no
 * inquiry and no MCP request holds it more than 50 ms). The contender samples its own loop with
 * `monitorEventLoopDelay` (a timer every millisecond; each value is the time between two of them,
 * so a loop held 80 ms reads about 81 ms) only between `/start` and `/stop` of a small server of
 * its own on 127.0.0.1, which the load generator asks around a measured round.
 */
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface LoopDelay {
  /** Milliseconds, to 0.1. */
  max: number;
  p99: number;
  p50: number;
}

const ms = (ns: number) => Math.round(ns / 1e5) / 10;

/** In the contender: the probe's address, for the ready line. */
export function startLoopProbe(): Promise<string> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const server = createServer((request, response) => {
    if (request.url === '/start') {
      histogram.reset();
      histogram.enable();
      response.end('{}');
      return;
    }
    histogram.disable();
    const delay: LoopDelay = {
      max: ms(histogram.max),
      p99: ms(histogram.percentile(99)),
      p50: ms(histogram.percentile(50)),
    };
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(delay));
  });
  server.unref();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }),
  );
}

/** In the load generator: `run`, with the contender's loop delay over it. */
export async function withLoopDelay<T>(
  probe: string,
  run: () => Promise<T>,
): Promise<{ result: T; delay: LoopDelay }> {
  await (await fetch(`${probe}/start`)).arrayBuffer();
  const result = await run();
  const delay = (await (await fetch(`${probe}/stop`)).json()) as LoopDelay;
  return { result, delay };
}
