/**
 * The one seam through which handlers and services reach infrastructure: the database, the
 * clock, the caches that stay fresh until what they show changes (src/db/fresh-cache.ts) and the
 * writer that lets short write transactions share a commit (src/db/group-commit.ts). Built once
 * per process (buildApp, the CLI) and decorated on the app as `app.ctx`; every request gets a
 * RequestContext (`request.ctx`) that reads the change clock once for all the caches it consults.
 */
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import { type ChangeClock, GLOBAL } from './db/change-clock.js';
import type { DatabaseHandle } from './db/connect.js';
import type { Db } from './db/database.js';
import type { TextValues } from './db/text-values.js';
import { FreshCache } from './db/fresh-cache.js';
import type { OrganizationTable, ReadContext, ResourceDefinition } from './api/resource-definition.js';
import { ResourceFragments } from './api/resource-fragments.js';
import { VersionedPages } from './api/versioned-pages.js';
import { GroupCommit } from './db/group-commit.js';
import type { Membership } from './identity/membership.repository.js';
import type { Integration } from './integrations/integration.repository.js';
import { type MetricSources, Metrics } from './metrics/metrics.js';
import type { TokenRecord } from './oauth/token.repository.js';
import { queueStats } from './webhooks/delivery.repository.js';
import { jobStats } from './jobs/job-stats.js';
import type { Writer } from './writes/unit-of-work.js';
import { type PdfRenderer, pdfRenderer } from './crm/documents/beneath.js';

/** Every cache of the process, with its capacity: the memory they may take is decided here. */
export interface AppCaches {
  /** Access tokens by hash and organization asked about; unknown tokens are never kept. */
  readonly tokens: FreshCache<TokenRecord | undefined>;
  /** Integrations by client id, for the token endpoint. */
  readonly clients: FreshCache<Integration | undefined>;
  /** A private integration owner's membership, for client-credentials issuance. */
  readonly memberships: FreshCache<Membership | undefined>;
  /**
   * Serialized list pages (about 20 KB at the default size; pages over 64 KB are served, not kept):
   * strings as the schema serializes them, or UTF-8 when assembled from fragments.
   */
  readonly pages: FreshCache<string | Buffer>;
  /** Serialized resources by version (about 500 bytes each), which uncached pages are built from. */
  readonly fragments: ResourceFragments;
  /** Pages assembled from fragments, served again while their rows' versions read the same. */
  readonly pageVersions: VersionedPages;
  /** What serializing a type's rows needs besides them, by type and organization (a booking's space names). */
  readonly readContexts: FreshCache<ReadContext | undefined>;
}

/** A page's length (UTF-16 units of a string, bytes of a Buffer) is close to its size in bytes. */
const MAX_KEPT_PAGE_LENGTH = 64 * 1024;

function createCaches(changes: ChangeClock): AppCaches {
  return {
    tokens: new FreshCache(changes, 10_000),
    clients: new FreshCache(changes, 1000),
    memberships: new FreshCache(changes, 1000),
    // At most 256 × 64 KB = 16 MB. A page is kept the second time it is asked for (FreshCache).
    pages: new FreshCache(changes, 256, (page) => page.length <= MAX_KEPT_PAGE_LENGTH, {
      admitOnSecondMiss: true,
    }),
    // About 10 MB.
    fragments: new ResourceFragments(20_000),
    // At most 32 MB: about 1,500 pages of 20 KB.
    pageVersions: new VersionedPages(32 * 1024 * 1024, MAX_KEPT_PAGE_LENGTH),
    // A few KB each (an organization's space names).
    readContexts: new FreshCache(changes, 1000),
  };
}

export interface AppContext {
  readonly config: Config;
  readonly db: Db;
  /** Reads of one text column's values beside Kysely (src/db/text-values.ts): list pages' version keys. */
  readonly textValues: TextValues;
  readonly clock: Clock;
  /** Moves on when committed data may have changed, here or in another process. */
  readonly changes: ChangeClock;
  readonly caches: AppCaches;
  /** Short write transactions submitted in one event-loop turn commit together. */
  readonly writes: GroupCommit;
  /** Where units of work run (src/writes/unit-of-work.ts): the database, the clock, shared commits. */
  readonly writer: Writer;
  readonly metrics: Metrics;
  /** Where documents' PDFs are made: worker threads, off the event loop (SPEC §13). */
  readonly pdf: PdfRenderer;
}

/** A process's metrics: its caches and pool, and the queues read from the database when scraped. */
export function processMetrics(
  database: DatabaseHandle,
  clock: Clock,
  caches: MetricSources['caches'] = {},
): Metrics {
  return new Metrics({
    caches,
    ...(database.poolStats ? { pool: database.poolStats } : {}),
    queue: () => queueStats(database.db, clock.now()),
    jobs: () => jobStats(database.db, clock.now()),
  });
}

export function createAppContext(config: Config, database: DatabaseHandle, clock: Clock): AppContext {
  const caches = createCaches(database.changes);
  const metrics = processMetrics(database, clock, { ...caches });
  // SQLite has one writer: commits are shared. PostgreSQL writes in parallel (src/db/group-commit.ts).
  const writes = new GroupCommit(database.db, { batching: database.dialect === 'sqlite' });
  return {
    config,
    db: database.db,
    textValues: database.textValues,
    clock,
    changes: database.changes,
    caches,
    writes,
    writer: { db: database.db, clock, commits: writes },
    metrics,
    pdf: pdfRenderer(),
  };
}

/** What one request sees of the AppContext: the same infrastructure and one change-clock reading. */
export class RequestContext {
  #reading: number | undefined | null = null;

  constructor(readonly app: AppContext) {}

  get db(): Db {
    return this.app.db;
  }

  get config(): Config {
    return this.app.config;
  }

  get writes(): GroupCommit {
    return this.app.writes;
  }

  now(): number {
    return this.app.clock.now();
  }

  /**
   * The change clock, read on first use and then kept for the request: every cache the request
   * consults judges freshness against this one reading.
   */
  get reading(): number | undefined {
    if (this.#reading === null) this.#reading = this.app.changes.read();
    return this.#reading;
  }

  /**
   * `key` from `cache`, or what `load` gives (kept while nothing it depends on changes): `scope`
   * is the organization whose data the value shows, when it shows one organization's data.
   */
  cached<Value>(
    cache: FreshCache<Value>,
    key: string,
    load: () => Promise<Value>,
    scope: string = GLOBAL,
  ): Promise<Value> {
    return cache.get(key, load, this.reading, scope);
  }

  /** The read context of a type's rows in the organization (ResourceDefinition.readContext), kept while its data is unchanged. */
  readContext<Table extends OrganizationTable>(
    definition: ResourceDefinition<Table>,
    organizationId: string,
  ): Promise<ReadContext | undefined> {
    const load = definition.readContext;
    if (!load) return Promise.resolve(undefined);
    const key = `${definition.type} ${organizationId}`;
    return this.cached(
      this.app.caches.readContexts,
      key,
      () => load(this.db, organizationId),
      organizationId,
    );
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    ctx: RequestContext;
  }
}
