/**
 * `GET /metrics` of `marquee serve --workers N` (SPEC §10): one listener, in the primary, for the
 * whole cluster. On each scrape the primary asks every worker for what it counts itself over the
 * cluster's channel and adds its own (prom-client's AggregatorRegistry.aggregate): counters,
 * histograms and the pools' connections are summed, the caches' hit ratios averaged. The gauges
 * read from the shared database (the queues) come from the primary alone, so they appear once.
 * A worker that stopped takes its counts with it; the one that replaces it counts from zero, which
 * Prometheus reads as a counter reset.
 */
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { Metrics, MetricsJson } from './metrics.js';

const ASK = 'marquee:metrics';
const ANSWER = 'marquee:metrics-answer';
/** A worker busy for longer than this fails the scrape rather than leave its counts out. */
const ANSWER_WITHIN_MS = 5000;

interface Ask {
  type: typeof ASK;
  id: number;
}

interface Answer {
  type: typeof ANSWER;
  id: number;
  metrics?: MetricsJson;
  error?: string;
}

/** In a worker: answers the primary's asks with this process's own counts. */
export function answerMetricsAsks(metrics: Metrics): void {
  process.on('message', (message: Partial<Ask> | null) => {
    if (message?.type !== ASK || typeof message.id !== 'number') return;
    const id = message.id;
    metrics.ownMetricsAsJSON().then(
      (own) => process.send?.({ type: ANSWER, id, metrics: own } satisfies Answer),
      (error: unknown) => process.send?.({ type: ANSWER, id, error: String(error) } satisfies Answer),
    );
  });
}

function ask(worker: Worker, id: number): Promise<MetricsJson> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      worker.off('message', listen);
      worker.off('exit', gone);
    };
    const listen = (message: Partial<Answer> | null) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      done();
      if (message.metrics) resolve(message.metrics);
      else reject(new Error(`a worker could not read its metrics: ${message.error}`));
    };
    // A worker that stops meanwhile has nothing left to count.
    const gone = () => {
      done();
      resolve([]);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('a worker did not answer for its metrics'));
    }, ANSWER_WITHIN_MS);
    worker.on('message', listen);
    worker.once('exit', gone);
    worker.send({ type: ASK, id } satisfies Ask);
  });
}

/** In the primary: the cluster's metrics, its own and every connected worker's, aggregated. */
export function clusterMetrics(primary: Metrics): () => Promise<Registry> {
  let asks = 0;
  return async () => {
    const id = asks++;
    const workers = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker?.isConnected() === true,
    );
    const all = await Promise.all([primary.registry.getMetricsAsJSON(), ...workers.map((w) => ask(w, id))]);
    return AggregatorRegistry.aggregate(all);
  };
}
