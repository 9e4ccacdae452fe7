/**
 * `marquee serve --workers N`: N worker processes (node:cluster) accept connections on the one
 * port, each with its own database connection and caches. The caches stay correct across them
 * as across any processes (src/db/change-clock.ts): a write through one worker is seen by a
 * read through another at once. The primary alone migrates, seeds the demo, finishes work a stop
 * cut short (src/crm/follow-ups.ts) and runs the job
 * runner (src/jobs/runner.ts) with all the timed work — webhook deliveries, outgoing mail, the
 * mailboxes' reading and the rest (src/jobs/built-in.ts) — sharing the jobs with any other
 * `serve` on the same database. It replaces a worker that
 * dies, and on SIGTERM/SIGINT stops every worker gracefully before it stops itself. With
 * METRICS_PORT it alone listens for /metrics, showing the whole cluster's (src/metrics/cluster-metrics.ts).
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import { processMetrics } from './app-context.js';
import { systemClock } from './clock.js';
import type { Config } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/connect.js';
import { type DemoSeed, seedDemo } from './demo/seed-demo.js';
import { finishFollowUps } from './crm/follow-ups.js';
import { FOLLOW_UP_KINDS } from './crm/follow-up-kinds.js';
import { countOrganizations } from './identity/organization.repository.js';
import { serveJobRunner } from './background/built-in.js';
import { pdfRenderer } from './crm/documents/index.js';
import { untilStopped } from './shutdown.js';
import { clusterMetrics, answerMetricsAsks } from './metrics/cluster-metrics.js';
import { startMetricsServer } from './metrics/metrics-server.js';
import { warmToolLists } from './mcp/mcp.plugin.js';

interface ListeningMessage {
  marqueeListening: string;
}

interface PrimaryOptions {
  workers?: number;
  onListening: (info: {
    url: string;
    database: string;
    location: string;
    demo: DemoSeed | undefined;
  }) => void;
}

/**
 * A worker: serves requests only (no migrations, demo, jobs, deliveries or e-mail), and tells the
 * primary what it counted when /metrics is scraped.
 */
export async function serveWorker(config: Config, logger: Logger): Promise<void> {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ config, database, logger });
  answerMetricsAsks(app.ctx.metrics);
  await warmToolLists();
  const address = await app.listen({ port: config.port, host: config.host });
  process.send?.({ marqueeListening: address } satisfies ListeningMessage);
  await untilStopped(logger, app, () => database.close());
  process.disconnect?.();
}

function fork(): Promise<{ worker: Worker; address: string }> {
  const worker = cluster.fork();
  return new Promise((resolve, reject) => {
    worker.on('message', (message: Partial<ListeningMessage>) => {
      if (typeof message.marqueeListening === 'string')
        resolve({ worker, address: message.marqueeListening });
    });
    worker.once('exit', (code) => reject(new Error(`a worker exited (code ${code}) before it listened`)));
  });
}

export async function servePrimary(
  config: Config,
  logger: Logger,
  database: DatabaseHandle,
  options: PrimaryOptions,
): Promise<void> {
  const count = options.workers ?? 1;
  let stopping = false;
  const started = await Promise.all(Array.from({ length: count }, fork));
  const replaceWhenLost = (worker: Worker) =>
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      logger.error({ code, signal }, 'a worker stopped; starting another');
      fork().then(
        ({ worker: next }) => replaceWhenLost(next),
        (error: unknown) => logger.error({ err: error }),
      );
    });
  for (const { worker } of started) replaceWhenLost(worker);
  const address = started[0]!.address;

  const demo = (await countOrganizations(database.db)) === 0 ? await seedDemo(database.db) : undefined;
  // The primary writes automations' templates on rendering threads of its own.
  const pdf = pdfRenderer();
  const metrics = processMetrics(database, systemClock);
  const jobs = serveJobRunner({
    writer: { db: database.db, clock: systemClock },
    config,
    logger,
    rendering: { db: database.db, pdf, clock: systemClock },
    metrics,
  });
  await jobs.start();
  // Work a stop cut short (a contact's deletion half done) is finished first thing, as by one `serve`.
  finishFollowUps({ db: database.db, clock: systemClock }, FOLLOW_UP_KINDS).catch((error: unknown) =>
    logger.error({ err: error }, 'unfinished follow-ups could not be finished'),
  );
  // One /metrics for the cluster: the primary's counts and every worker's, each counted once.
  const metricsServer =
    config.metricsPort === undefined
      ? undefined
      : await startMetricsServer(clusterMetrics(metrics), config.host, config.metricsPort);
  logger.info({ address, database: database.dialect, workers: count }, 'marquee is serving');
  options.onListening({ url: address, database: database.dialect, location: database.location, demo });

  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down: stopping the workers');
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
      const exited = workers.map(
        (worker) =>
          new Promise<void>((done) => (worker.isDead() ? done() : worker.once('exit', () => done()))),
      );
      for (const worker of workers) worker.process.kill('SIGTERM');
      void Promise.all(exited)
        .then(async () => {
          await jobs.stop();
          await new Promise<void>((closed) =>
            metricsServer ? metricsServer.close(() => closed()) : closed(),
          );
          await pdf.close();
          await database.close();
        })
        .catch((error: unknown) => logger.error({ err: error }, 'error during shutdown'))
        .finally(() => {
          logger.info('stopped');
          resolve();
        });
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
}
