/**
 * Webhook deliveries as jobs of the one runner (SPEC §8, §18): each pending delivery has a
 * `webhook.delivery` job, queued with it in the event's own transaction (src/webhooks/fan-out.ts).
 * A run checks the integration may still receive the organization's events, makes one signed
 * attempt, and records the outcome in one transaction with the job: success with its completion;
 * a failure with the job's retry on WEBHOOK_RETRY_SCHEDULE, or `failed` after the last try. The
 * endpoint's health follows every attempt. A delivery to an endpoint that is turned off waits,
 * its job finished, until the endpoint is turned on again (src/webhooks/delivery.repository.ts).
 */
import type { Logger } from 'pino';
import type { Agent } from 'undici';
import type { Clock } from '../clock.js';
import { isoTime, unixSeconds } from '../clock.js';
import type { Config } from '../config.js';
import type { Db, Trx } from '../db/database.js';
import type { Metrics } from '../metrics/metrics.js';
import { findChange } from '../changes/change.repository.js';
import { changePayload } from '../changes/change.resource.js';
import { type JobHandler, jobHandler } from '../jobs/job-handler.js';
import { JobRunner } from '../jobs/runner.js';
import { mayReceive } from './access.js';
import { attemptDelivery, type Attempt, deliveryAgent } from './deliver.js';
import { DELIVERY_JOB_KIND, type DeliveryJob, recordAttempt } from './delivery.repository.js';
import { noteEndpointOutcome } from './endpoint-health.js';
import { deliveryHeaders } from './signature.js';
import type { WebhookDeliveryTable, WebhookEndpointTable } from './webhook.table.js';

interface DeliveryOptions {
  config: Config;
  logger: Logger;
  agent: Agent;
  metrics?: Metrics | undefined;
}

const ACCESS_ENDED = "The integration's access to this organization has ended.";

async function pendingDelivery(db: Db | Trx, id: string): Promise<WebhookDeliveryTable | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** The handler of `webhook.delivery` jobs. */
export function deliveryJobHandler(options: DeliveryOptions): JobHandler {
  const { config, logger, agent, metrics } = options;
  /** Where an attempt is kept: the delivery's row, the endpoint's health, the counters and the log. */
  async function record(
    trx: Trx,
    delivery: WebhookDeliveryTable,
    attempt: Attempt,
    retryAt: number | undefined,
    now: number,
  ) {
    const status = attempt.ok ? 'succeeded' : retryAt === undefined ? 'failed' : 'pending';
    const nextAttemptAt = retryAt === undefined ? null : isoTime(retryAt);
    await recordAttempt(trx, delivery, { ...attempt, status, nextAttemptAt }, now);
    metrics?.webhookDeliveries.inc({ outcome: status === 'pending' ? 'retrying' : status });
    if (attempt.ok) return;
    // What an operator needs to follow a failing endpoint; never the payload.
    const failure = {
      endpoint: delivery.endpoint_id,
      delivery: delivery.id,
      attempt: delivery.attempts + 1,
      status_code: attempt.statusCode,
      error: attempt.error,
    };
    logger.info(
      failure,
      status === 'failed' ? 'webhook delivery failed for good' : 'webhook delivery failed; will retry',
    );
  }
  return jobHandler<DeliveryJob>({
    kind: DELIVERY_JOB_KIND,
    retrySchedule: config.webhookRetrySchedule,
    // As many as the agent's connections: an endpoint that is slow holds one lane, not the runner.
    concurrency: 8,
    async run({ payload, writer, transaction }) {
      const { db, clock } = writer;
      const delivery = await pendingDelivery(db, payload.deliveryId);
      if (delivery === undefined) return;
      const endpoint = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('id', '=', delivery.endpoint_id)
        .executeTakeFirst();
      const event = await findChange(db, delivery.change_id);
      // Turned off: the delivery waits for the endpoint to be turned on again.
      if (!endpoint || !event || endpoint.disabled_at !== null) return;
      if (!(await mayReceive(db, endpoint.integration_id, endpoint.organization_id, clock.now())))
        return { error: ACCESS_ENDED, permanent: true };
      const attempt = await attemptOnce(config, agent, endpoint, event, clock.now());
      if (!attempt.ok) return { error: attempt.error ?? 'failed', detail: JSON.stringify(attempt) };
      await transaction(async (trx) => {
        const now = clock.now();
        await record(trx, delivery, attempt, undefined, now);
        await noteEndpointOutcome(trx, endpoint, attempt, now, config.webhookDisableAfter);
      });
    },
    async onFailure(trx, job, now, { failure, retryAt }) {
      const delivery = await pendingDelivery(trx, (JSON.parse(job.payload) as DeliveryJob).deliveryId);
      if (delivery === undefined) return;
      const attempt: Attempt =
        failure.detail === undefined
          ? { ok: false, statusCode: null, durationMs: 0, error: failure.error }
          : (JSON.parse(failure.detail) as Attempt);
      await record(trx, delivery, attempt, retryAt, now);
      if (failure.error === ACCESS_ENDED) return;
      const endpoint = await trx
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('id', '=', delivery.endpoint_id)
        .executeTakeFirst();
      if (endpoint) await noteEndpointOutcome(trx, endpoint, attempt, now, config.webhookDisableAfter);
    },
  });
}

async function attemptOnce(
  config: Config,
  agent: Agent,
  endpoint: WebhookEndpointTable,
  event: NonNullable<Awaited<ReturnType<typeof findChange>>>,
  now: number,
): Promise<Attempt> {
  const body = JSON.stringify(changePayload(event, config.baseUrl));
  const headers = deliveryHeaders(endpoint.secret, event.id, unixSeconds(now), body);
  return attemptDelivery(agent, endpoint.url, headers, body, config.webhookAllowPrivateNetworks);
}

export interface WorkerOptions {
  db: Db;
  config: Config;
  clock: Clock;
  logger: Logger;
  metrics?: Metrics;
}

/** The `webhook.delivery` kind run alone, for a caller that delivers by itself (tests, tools). */
export class DeliveryWorker {
  readonly #agent: Agent;
  readonly #runner: JobRunner;

  constructor(options: WorkerOptions) {
    const { config, logger, metrics } = options;
    this.#agent = deliveryAgent(config.webhookAllowPrivateNetworks);
    this.#runner = new JobRunner({
      writer: { db: options.db, clock: options.clock },
      logger,
      handlers: [deliveryJobHandler({ config, logger, agent: this.#agent, metrics })],
      retrySchedule: config.webhookRetrySchedule,
      ...(metrics ? { metrics } : {}),
    });
  }

  start(): void {
    this.#runner.start();
  }

  /** Looks for due deliveries now (e.g. after the clock moved on). */
  wake(): void {
    this.#runner.wake();
  }

  async stop(): Promise<void> {
    await this.#runner.stop();
    await this.#agent.close();
  }
}
