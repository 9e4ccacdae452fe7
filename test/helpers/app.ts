/**
 * A Marquee app for one test file, built with buildApp on the suite's database and a clock the
 * test can move. By default requests reach it through `app.inject` (server.fetch, no socket);
 * `listen: true` serves it on 127.0.0.1 on an ephemeral port for clients that need a real socket
 * (the SDK, OAuth client libraries, browsers, other processes). Its log lines are kept.
 */
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { buildApp, type App } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/http/logger.js';
import type { ServerLimits } from '../../src/http/server-limits.js';
import type { TestDatabase } from './databases.js';
import { injectFetch } from './inject-fetch.js';
import { TestClock } from './test-clock.js';

export interface TestServer {
  /** The server's origin: where it listens, or the origin its injected requests claim. */
  url: string;
  app: App;
  config: Config;
  clock: TestClock;
  /** fetch against this server (through a socket when listening, through inject otherwise). */
  fetch: typeof fetch;
  /** Every log line written so far. */
  logs: string[];
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Serve on a real socket (default: requests are injected). */
  listen?: boolean;
  /** Connection deadlines other than the defaults. */
  limits?: Partial<ServerLimits>;
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

/** Nothing listens on port 1: a request that escapes `server.fetch` fails loudly. */
const INJECTED_PORT = 1;

export async function startTestServer(
  database: TestDatabase,
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const port = options.listen ? await freePort() : INJECTED_PORT;
  // Warnings and errors only, unless a test reads the request log (LOG_LEVEL in env).
  const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const clock = new TestClock();
  const app = await buildApp({
    config,
    database: database.handle,
    logger: createLogger(config.logLevel, sink),
    clock,
    ...(options.limits ? { limits: options.limits } : {}),
  });
  const url = `http://127.0.0.1:${port}`;
  if (options.listen) await app.listen({ port, host: '127.0.0.1' });
  else await app.ready();
  return {
    url,
    app,
    config,
    clock,
    fetch: options.listen ? fetch : injectFetch(app, url),
    logs,
    close: () => app.close(),
  };
}
