/**
 * The delivery worker inside `serve` (SPEC §8): it leases due deliveries (several processes share
 * the queue without taking the same one), checks the integration may still receive the
 * organization's events, makes one signed attempt each, and records the outcome: success; a retry
 * on the schedule; or `failed` after the last try. Work survives a crash: it is all in the
 * database, and a lease held by a process that died expires. New deliveries wake it at once;
 * otherwise it looks every second.
 */
import type { Logger } from 'pino';
import type { Agent } from 'undici';
import type { Clock } from '../clock.js';
import { isoTime, unixSeconds } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Metrics } from '../metrics/metrics.js';
import { findChange } from '../changes/change.repository.js';
import { changePayload } from '../changes/change.resource.js';
import { mayReceive } from './access.js';
import { attemptDelivery, type Attempt, DELIVERY_TIMEOUT_MS, deliveryAgent } from './deliver.js';
import { claimDue, recordAttempt } from './delivery.repository.js';
import { noteEndpointOutcome } from './endpoint-health.js';
import { deliveryQueue } from './fan-out.js';
import { retryDelaySeconds } from './retry-schedule.js';
import { deliveryHeaders } from './signature.js';
import { PollingLoop } from '../jobs/polling-loop.js';
import type { WebhookDeliveryTable } from './webhook.table.js';

const BATCH = 16;
const POLL_MS = 1000;
/** Longer than an attempt can take, so a live worker never loses its lease mid-attempt. */
const LEASE_MS = DELIVERY_TIMEOUT_MS * 4;

export interface WorkerOptions {
  db: Db;
  config: Config;
  clock: Clock;
  logger: Logger;
  metrics?: Metrics;
}

export class DeliveryWorker {
  readonly #options: WorkerOptions;
  readonly #agent: Agent;
  readonly #loop: PollingLoop;
  readonly #wake = () => this.#loop.soon(5);

  constructor(options: WorkerOptions) {
    this.#options = options;
    this.#agent = deliveryAgent(options.config.webhookAllowPrivateNetworks);
    this.#loop = new PollingLoop(
      () => this.#drain(),
      POLL_MS,
      (error) => options.logger.warn({ err: error }, 'webhook delivery round failed; will retry'),
    );
  }

  start(): void {
    deliveryQueue.on('queued', this.#wake);
    this.#loop.soon(0);
  }

  /** Looks for due deliveries now (e.g. after the clock moved on). */
  wake(): void {
    this.#loop.soon(0);
  }

  async stop(): Promise<void> {
    deliveryQueue.off('queued', this.#wake);
    await this.#loop.stop();
    await this.#agent.close();
  }

  /** Takes and attempts batches until nothing is due. */
  async #drain(): Promise<void> {
    const { db, clock } = this.#options;
    for (;;) {
      if (this.#loop.stopped) return;
      const now = clock.now();
      const batch = await claimDue(db, now, now + LEASE_MS, BATCH);
      const access = new Map<string, Promise<boolean>>();
      await Promise.all(batch.map((delivery) => this.#deliver(delivery, access)));
      if (batch.length < BATCH) return;
    }
  }

  async #deliver(delivery: WebhookDeliveryTable, access: Map<string, Promise<boolean>>): Promise<void> {
    const { db, config, clock } = this.#options;
    const endpoint = await db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', delivery.endpoint_id)
      .executeTakeFirst();
    const event = await findChange(db, delivery.change_id);
    if (!endpoint || !event) return;
    const key = `${endpoint.integration_id} ${endpoint.organization_id}`;
    if (!access.has(key))
      access.set(key, mayReceive(db, endpoint.integration_id, endpoint.organization_id, clock.now()));
    if (!(await access.get(key))) {
      const refused = {
        ok: false,
        statusCode: null,
        durationMs: 0,
        error: "The integration's access to this organization has ended.",
      };
      return this.#record(delivery, refused, true);
    }
    const body = JSON.stringify(changePayload(event, config.baseUrl));
    const headers = deliveryHeaders(endpoint.secret, event.id, unixSeconds(clock.now()), body);
    const attempt = await attemptDelivery(
      this.#agent,
      endpoint.url,
      headers,
      body,
      config.webhookAllowPrivateNetworks,
    );
    await this.#record(delivery, attempt, false);
    await noteEndpointOutcome(db, endpoint, attempt, clock.now(), config.webhookDisableAfter);
  }

  async #record(delivery: WebhookDeliveryTable, attempt: Attempt, final: boolean): Promise<void> {
    const { db, config, clock } = this.#options;
    const now = clock.now();
    const delay =
      attempt.ok || final ? undefined : retryDelaySeconds(delivery.attempts + 1, config.webhookRetrySchedule);
    const status = attempt.ok ? 'succeeded' : delay === undefined ? 'failed' : 'pending';
    await recordAttempt(
      db,
      delivery,
      { ...attempt, status, nextAttemptAt: delay === undefined ? null : isoTime(now + delay * 1000) },
      now,
    );
    const outcome = status === 'pending' ? 'retrying' : status;
    this.#options.metrics?.webhookDeliveries.inc({ outcome });
    if (!attempt.ok) {
      // What an operator needs to follow a failing endpoint; never the payload.
      const failure = {
        endpoint: delivery.endpoint_id,
        delivery: delivery.id,
        attempt: delivery.attempts + 1,
        status_code: attempt.statusCode,
        error: attempt.error,
      };
      this.#options.logger.info(
        failure,
        status === 'failed' ? 'webhook delivery failed for good' : 'webhook delivery failed; will retry',
      );
    }
  }
}
