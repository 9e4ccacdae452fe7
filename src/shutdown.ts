/** Graceful shutdown of a serving process (a single one, or a cluster worker). */
import type { Logger } from 'pino';

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Waits for SIGTERM or SIGINT, then stops gracefully: stop accepting, let in-flight requests
 * finish (connections still open after the grace period are closed), then `after`.
 */
export function untilStopped(
  logger: Logger,
  app: { close(): Promise<unknown>; server: { closeAllConnections(): void } },
  after: () => Promise<void>,
): Promise<void> {
  return new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down: finishing in-flight requests');
      const force = setTimeout(() => {
        logger.warn('shutdown grace period over; closing remaining connections');
        app.server.closeAllConnections();
      }, SHUTDOWN_GRACE_MS);
      force.unref();
      app
        .close()
        .then(after)
        .catch((error: unknown) => logger.error({ err: error }, 'error during shutdown'))
        .finally(() => {
          clearTimeout(force);
          logger.info('stopped');
          resolve();
        });
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
}
