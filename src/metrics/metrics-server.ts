/**
 * The metrics listener (SPEC §10): `GET /metrics` on its own port (METRICS_PORT), apart from the
 * API, so it can be kept off the public network and scraped without a token. It shows one
 * process's metrics, or (with `--workers`) the cluster's, read at each scrape
 * (src/metrics/cluster-metrics.ts).
 */
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import type { Metrics } from './metrics.js';

export type MetricsSource = Metrics | (() => Promise<Registry>);

export async function startMetricsServer(source: MetricsSource, host: string, port: number): Promise<Server> {
  const read = typeof source === 'function' ? source : () => Promise.resolve(source.registry);
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found; metrics are at /metrics.\n');
      return;
    }
    read()
      .then(async (registry) => {
        const text = await registry.metrics();
        response.writeHead(200, { 'content-type': registry.contentType }).end(text);
      })
      .catch(() =>
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics are unavailable.\n'),
      );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}
