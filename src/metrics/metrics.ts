/**
 * What an operator scrapes from `GET /metrics` (SPEC §10, Prometheus text format via
 * prom-client): HTTP requests by route, method and status with latency histograms, tokens issued
 * by grant, sign-in failures, webhook deliveries by outcome with the queue's length and the age of
 * its oldest delivery, the PostgreSQL pool, and the caches' hit ratios. Gauges are read when
 * scraped, so serving requests pays only for a counter or two.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** One process's metrics as prom-client hands them over for aggregation (src/metrics/cluster-metrics.ts). */
export type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

/** Gauges read from the shared database: one process reports them for a whole cluster. */
const READ_FROM_DATABASE = new Set([
  'marquee_webhook_deliveries_pending',
  'marquee_webhook_oldest_pending_seconds',
  'marquee_jobs_pending',
  'marquee_jobs_oldest_due_seconds',
  'marquee_jobs_failed',
]);

export interface MetricSources {
  caches: Readonly<Record<string, { hits: number; misses: number }>>;
  pool?: () => { total: number; idle: number; waiting: number };
  queue: () => Promise<{ pending: number; oldestPendingSeconds: number }>;
  /** The job runner's queue by kind (src/jobs/job-stats.ts). */
  jobs?: () => Promise<readonly JobKindStats[]>;
}

export interface JobKindStats {
  kind: string;
  /** Pending jobs, due or not. */
  pending: number;
  /** How long the oldest due job has waited (0 when none is due). */
  oldestDueSeconds: number;
  /** Jobs failed for good, waiting for an admin's retry. */
  failed: number;
}

export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<'route' | 'method' | 'status'>;
  readonly httpDuration: Histogram<'route' | 'method' | 'status'>;
  readonly tokensIssued: Counter<'grant'>;
  readonly signInFailures: Counter<'reason'>;
  readonly clientAuthFailures: Counter<'reason'>;
  readonly webhookDeliveries: Counter<'outcome'>;
  readonly jobFailures: Counter<'kind' | 'outcome'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    this.httpRequests = new Counter({
      name: 'marquee_http_requests_total',
      help: 'HTTP requests answered, by route, method and status',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'marquee_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by route, method and status',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.tokensIssued = new Counter({
      name: 'marquee_oauth_tokens_issued_total',
      help: 'Token responses issued, by grant type',
      labelNames: ['grant'],
      registers,
    });
    this.signInFailures = new Counter({
      name: 'marquee_sign_in_failures_total',
      help: 'Sign-in attempts refused, by reason: wrong_password (or unknown e-mail) or throttled',
      labelNames: ['reason'],
      registers,
    });
    this.clientAuthFailures = new Counter({
      name: 'marquee_oauth_client_auth_failures_total',
      help: 'Failed client authentications at the OAuth endpoints, by reason: wrong_credentials or throttled',
      labelNames: ['reason'],
      registers,
    });
    this.webhookDeliveries = new Counter({
      name: 'marquee_webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts, by outcome: succeeded, retrying or failed (for good)',
      labelNames: ['outcome'],
      registers,
    });
    new Gauge({
      name: 'marquee_webhook_deliveries_pending',
      help: 'Webhook deliveries waiting for an attempt',
      registers,
      async collect() {
        this.set((await sources.queue()).pending);
      },
    });
    new Gauge({
      name: 'marquee_webhook_oldest_pending_seconds',
      help: 'Age of the oldest webhook delivery still pending',
      registers,
      async collect() {
        this.set((await sources.queue()).oldestPendingSeconds);
      },
    });
    this.jobFailures = new Counter({
      name: 'marquee_job_failures_total',
      help: 'Job runs that failed, by kind and outcome: retrying or failed (for good)',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    if (sources.jobs) jobGauges(sources.jobs, registers);
    new Gauge({
      name: 'marquee_cache_hit_ratio',
      help: 'Share of cache lookups answered from memory since start, by cache',
      labelNames: ['cache'],
      // Each process has caches of its own: a cluster shows their average.
      aggregator: 'average',
      registers,
      collect() {
        for (const [cache, { hits, misses }] of Object.entries(sources.caches)) {
          this.set({ cache }, hits + misses === 0 ? 0 : hits / (hits + misses));
        }
      },
    });
    if (sources.pool) {
      const pool = sources.pool;
      new Gauge({
        name: 'marquee_db_pool_connections',
        help: 'PostgreSQL pool connections, by state: total, idle and waiting clients',
        labelNames: ['state'],
        registers,
        collect() {
          const { total, idle, waiting } = pool();
          this.set({ state: 'total' }, total);
          this.set({ state: 'idle' }, idle);
          this.set({ state: 'waiting' }, waiting);
        },
      });
    }
  }

  /** What this process alone counts (its counters, caches and pool), without the database's gauges. */
  ownMetricsAsJSON(): Promise<MetricsJson> {
    const own = this.registry.getMetricsAsArray().filter((metric) => !READ_FROM_DATABASE.has(metric.name));
    return Promise.all(
      own.map((metric) => this.registry.getSingleMetric(metric.name)!.get()),
    ) as Promise<MetricsJson>;
  }

  observeRequest(route: string, method: string, status: number, seconds: number): void {
    const labels = { route, method, status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }
}

/** The job queue's gauges: one bounded query a scrape, shared by the three. */
function jobGauges(read: () => Promise<readonly JobKindStats[]>, registers: Registry[]): void {
  let scrape: Promise<readonly JobKindStats[]> | undefined;
  const stats = () => {
    // The gauges of one scrape are collected together: they share one reading.
    scrape ??= read().finally(() => setImmediate(() => (scrape = undefined)));
    return scrape;
  };
  const gauge = (name: string, help: string, value: (kind: JobKindStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'],
      registers,
      async collect() {
        this.reset();
        for (const kind of await stats()) this.set({ kind: kind.kind }, value(kind));
      },
    });
  gauge('marquee_jobs_pending', 'Jobs waiting to run, due or not, by kind', (k) => k.pending);
  gauge(
    'marquee_jobs_oldest_due_seconds',
    'How long the oldest due job has waited, by kind',
    (k) => k.oldestDueSeconds,
  );
  gauge('marquee_jobs_failed', 'Jobs failed for good (an admin may retry them), by kind', (k) => k.failed);
}
