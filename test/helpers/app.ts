/**
 * A real Marquee server for one test file: built with buildApp on the suite's database and
 * listening on 127.0.0.1 on an ephemeral port. Its log lines are kept for inspection.
 */
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { buildApp, type App } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/http/logger.js';
import type { TestDatabase } from './databases.js';

export interface TestServer {
  url: string;
  app: App;
  config: Config;
  /** Every log line written so far. */
  logs: string[];
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startTestServer(
  database: TestDatabase,
  env: Record<string, string> = {},
): Promise<TestServer> {
  const port = await freePort();
  const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'debug', ...env });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildApp({
    config,
    database: database.handle,
    logger: createLogger(config.logLevel, sink),
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}`, app, config, logs, close: () => app.close() };
}
