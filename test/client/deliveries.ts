/** A venue whose webhooks are delivered: loopback receivers allowed, and the delivery worker running. */
import { createLogger } from '../../src/http/logger.js';
import { DeliveryWorker } from '../../src/webhooks/worker.js';
import type { TestDatabase } from '../helpers/databases.js';
import { startVenue } from './connect.js';

export async function startDeliveringVenue(database: TestDatabase) {
  const started = await startVenue(database, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  const worker = new DeliveryWorker({
    db: database.db,
    config: started.server.config,
    clock: started.server.clock,
    logger: createLogger('silent'),
  });
  worker.start();
  return {
    ...started,
    worker,
    async close() {
      await worker.stop();
      await started.server.close();
    },
  };
}
