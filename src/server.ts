/**
 * The process entry for `marquee serve`: open the database, migrate when asked (always on the
 * embedded database), listen, create the demo organization on an empty database, and shut down
 * gracefully on SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database.
 */

import cluster from 'node:cluster';
import pino from 'pino';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase } from './db/connect.js';
import { migrateToLatest, pendingMigrations } from './db/migrate.js';
import { type DemoSeed, seedDemo } from './demo/seed-demo.js';
import { InputError } from './errors.js';
import { createLogger } from './http/logger.js';
import { countOrganizations } from './identity/organization.repository.js';
import { serveJobRunner } from './background/built-in.js';
import { startMetricsServer } from './metrics/metrics-server.js';
import { smtpServerName } from './mail/transport.js';
import { finishFollowUps } from './crm/follow-ups.js';
import { FOLLOW_UP_KINDS } from './crm/follow-up-kinds.js';
import { warmToolLists } from './mcp/mcp.plugin.js';
import { servePrimary, serveWorker } from './serve-cluster.js';
import { untilStopped } from './shutdown.js';

export interface ServeOptions {
  migrate: boolean;
  /** Log to stderr (with `--json`, stdout carries one JSON object only). */
  logToStderr?: boolean;
  /**
   * Called once the server listens. `demo` is set when an empty database was just seeded: its
   * password is shown to the operator this once, never written to the log.
   */
  onListening: (info: ListeningInfo) => void;
  /** Worker processes serving on the one port (node:cluster); 1 serves in this process. */
  workers?: number;
}

export interface ListeningInfo {
  url: string;
  database: string;
  /** Where the data lives: the SQLite file, or the PostgreSQL URL without its password. */
  location: string;
  demo: DemoSeed | undefined;
}

export async function serve(config: Config, options: ServeOptions): Promise<void> {
  const logger = createLogger(config.logLevel, options.logToStderr ? pino.destination(2) : undefined);
  if (cluster.isWorker) return serveWorker(config, logger);
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let demo: DemoSeed | undefined;
  try {
    if (database.dialect === 'sqlite' || options.migrate) {
      const { applied } = await migrateToLatest(database);
      if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
    } else {
      const pending = await pendingMigrations(database);
      if (pending.length > 0) {
        throw new InputError(
          `The database has ${pending.length} pending migration(s); run "marquee migrate" or start with "marquee serve --migrate".`,
        );
      }
    }
  } catch (error) {
    await database.close();
    throw error;
  }

  if ((options.workers ?? 1) > 1) return servePrimary(config, logger, database, options);
  const app = await buildApp({ config, database, logger });
  const jobs = serveJobRunner({
    writer: app.ctx.writer,
    config,
    logger,
    rendering: app.ctx,
    metrics: app.ctx.metrics,
  });
  app.addHook('onClose', () => jobs.stop());

  // The assistant's tool lists are drawn before the first request, not during one.
  await warmToolLists();
  const address = await app.listen({ port: config.port, host: config.host });
  // Seeded once serving: a port already taken cannot swallow the demo password shown below.
  if ((await countOrganizations(database.db)) === 0) demo = await seedDemo(database.db, app.ctx.clock);
  await jobs.start();
  // Work a stop cut short (a contact's deletion half done) is finished first thing.
  finishFollowUps(app.ctx.writer, FOLLOW_UP_KINDS).catch((error: unknown) =>
    logger.error({ err: error }, 'unfinished follow-ups could not be finished'),
  );
  const metricsServer =
    config.metricsPort === undefined
      ? undefined
      : await startMetricsServer(app.ctx.metrics, config.host, config.metricsPort);
  const mailGoes = config.smtpUrl ? smtpServerName(config.smtpUrl) : 'the outbox (no SMTP_URL)';
  logger.info({ address, database: database.dialect, mail: mailGoes }, 'marquee is serving');
  options.onListening({ url: address, database: database.dialect, location: database.location, demo });

  await untilStopped(logger, app, async () => {
    await new Promise<void>((closed) => (metricsServer ? metricsServer.close(() => closed()) : closed()));
    await database.close();
  });
}
