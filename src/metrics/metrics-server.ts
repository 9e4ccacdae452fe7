/**
 * The metrics listener (SPEC §10): `GET /metrics` on its own port (METRICS_PORT), apart from the
 * API, so it can be kept off the public network and scraped without a token.
 */
import { createServer, type Server } from 'node:http';
import type { Metrics } from './metrics.js';

export async function startMetricsServer(metrics: Metrics, host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found; metrics are at /metrics.\n');
      return;
    }
    metrics.registry
      .metrics()
      .then((text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text))
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
