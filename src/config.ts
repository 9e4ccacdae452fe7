/**
 * Environment → typed, frozen configuration (SPEC §2). Every variable is validated at start-up;
 * a bad value stops the process with one line naming the variable and what it accepts.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ConfigError,
  duration,
  durationList,
  type Env,
  flag,
  integer,
  optionalUrl,
  read,
} from './config-values.js';

export { ConfigError } from './config-values.js';

/** The installation's own `data/` folder: the same wherever `marquee` is started from. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../data', import.meta.url));

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  readonly port: number;
  readonly host: string;
  /** `undefined` selects the embedded SQLite database under `dataDir`. */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  /** Public address of the API (no trailing slash). */
  readonly baseUrl: string;
  /** Public address of `/oauth/authorize` and the sign-in pages (no trailing slash). */
  readonly authUrl: string;
  readonly accessTokenTtl: number;
  readonly refreshTokenTtl: number;
  readonly authCodeTtl: number;
  readonly logLevel: LogLevel;
  readonly redisUrl: string | undefined;
  readonly rateLimitPerMinute: number;
  readonly refreshReuseGrace: number;
  /** How long change events are kept (seconds). */
  readonly eventRetention: number;
  /** Seconds to wait before each retry of a failed webhook delivery, in order. */
  readonly webhookRetrySchedule: readonly number[];
  /** An endpoint whose deliveries have all failed this long (seconds) is disabled. */
  readonly webhookDisableAfter: number;
  /** Development and tests: allow webhook URLs on private networks and http on loopback. */
  readonly webhookAllowPrivateNetworks: boolean;
  /** Outgoing e-mail's SMTP server (smtp: or smtps:); undefined keeps messages in the outbox. */
  readonly smtpUrl: string | undefined;
  /** The From of outgoing e-mail, e.g. `Harbour Rooms <events@harbour.example>`. */
  readonly mailFrom: string;
  /** Seconds to wait before each retry of an e-mail the SMTP server did not take, in order. */
  readonly mailRetrySchedule: readonly number[];
  /** The most messages an organization sends in any hour (MAIL_PER_HOUR); more are refused (429). */
  readonly mailPerHour: number;
  /** The largest CSV file an import takes, in bytes (IMPORT_MAX_BYTES); larger ones are refused. */
  readonly importMaxBytes: number;
  /** Where `GET /metrics` listens (on HOST); undefined turns metrics off. */
  readonly metricsPort: number | undefined;
  /**
   * Whose X-Forwarded-For / X-Forwarded-Proto are believed (Fastify's `trustProxy`): nobody
   * (false), everybody (true), the nearest N hops, or the listed addresses and networks.
   */
  readonly trustProxy: TrustProxy;
  /**
   * MARQUEE_DIAGNOSTIC_JOBS: `serve` also runs the `diagnostic.tally` kind, whose every job leaves
   * one row naming it (src/jobs/diagnostic.ts), so a killed process's jobs can be counted.
   */
  readonly diagnosticJobs: boolean;
  /**
   * MARQUEE_JOB_LEASE: seconds a runner holds the jobs it claimed (src/jobs/runner.ts; 30 when
   * unset), so a test of a killed process need not wait the full lease before they are taken again.
   */
  readonly jobLeaseSeconds: number | undefined;
}

export type TrustProxy = boolean | number | readonly string[];

/** 50 MB: a venue's every account or booking for years, and the most an import holds in memory. */
export const DEFAULT_IMPORT_MAX_BYTES = 50 * 1024 * 1024;

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
/** MAIL_FROM: an address, with a name before it in <> or not; by default no-reply at BASE_URL's host. */
function mailFrom(env: Env, baseUrl: string): string {
  const raw = read(env, 'MAIL_FROM');
  if (raw === undefined) return `Marquee <no-reply@${new URL(baseUrl).hostname.replace(/^\[|\]$/g, '')}>`;
  if (!/^([^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/.test(raw))
    throw new ConfigError('MAIL_FROM', `expected an address such as events@venue.example, got "${raw}"`);
  return raw;
}

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset or false, true, a hop count, or a comma list of addresses and CIDRs. */
function trustProxy(env: Env): TrustProxy {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined || raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(raw)) {
    if (Number(raw) < 1 || Number(raw) > 100) {
      throw new ConfigError('TRUST_PROXY', `expected a hop count from 1 to 100, got "${raw}"`);
    }
    return Number(raw);
  }
  const entries = raw.split(',').map((part) => part.trim());
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      'TRUST_PROXY',
      `expected false, true, a hop count or a comma list of addresses/CIDRs such as 10.0.0.0/8,::1, got "${bad}"`,
    );
  }
  return Object.freeze(entries);
}

const DEFAULT_RETRY_SCHEDULE = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600];

function publicUrl(env: Env, name: string, fallback: string): string {
  const raw = read(env, name) ?? fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      name,
      `expected an absolute http(s) URL such as https://crm.example.com, got "${raw}"`,
    );
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new ConfigError(name, `expected an http(s) URL without query or fragment, got "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/** SMTP_URL, with its `tls` choice (src/mail/transport.ts): `required` or `optional`. */
function smtpUrl(env: Env): string | undefined {
  const url = optionalUrl(env, 'SMTP_URL', ['smtp:', 'smtps:'], 'smtps://user:password@mail.example:465');
  const tls = url === undefined ? null : new URL(url).searchParams.get('tls');
  if (tls !== null && tls !== 'required' && tls !== 'optional') {
    throw new ConfigError(
      'SMTP_URL',
      'its tls parameter must be required or optional (optional lets a login cross without TLS, e.g. to a relay on this host)',
    );
  }
  return url;
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = read(env, 'HOST') ?? '127.0.0.1';
  const defaultUrl = `http://${hostForUrl(host)}:${port}`;
  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel as LogLevel)) {
    throw new ConfigError('LOG_LEVEL', `expected one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  return Object.freeze({
    port,
    host,
    databaseUrl: optionalUrl(
      env,
      'DATABASE_URL',
      ['postgres:', 'postgresql:'],
      'postgres://user@127.0.0.1:5432/marquee',
    ),
    dataDir: path.resolve(read(env, 'MARQUEE_DATA_DIR') ?? DEFAULT_DATA_DIR),
    baseUrl: publicUrl(env, 'BASE_URL', defaultUrl),
    authUrl: publicUrl(env, 'AUTH_URL', read(env, 'BASE_URL') ?? defaultUrl),
    accessTokenTtl: duration(env, 'ACCESS_TOKEN_TTL', 7200, 1),
    refreshTokenTtl: duration(env, 'REFRESH_TOKEN_TTL', 90 * 86400, 1),
    authCodeTtl: duration(env, 'AUTH_CODE_TTL', 600, 1),
    logLevel: logLevel as LogLevel,
    redisUrl: optionalUrl(env, 'REDIS_URL', ['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 100, 0, 1_000_000),
    refreshReuseGrace: duration(env, 'REFRESH_REUSE_GRACE', 30, 0),
    eventRetention: duration(env, 'EVENT_RETENTION', 30 * 86400, 60),
    webhookRetrySchedule: durationList(env, 'WEBHOOK_RETRY_SCHEDULE', DEFAULT_RETRY_SCHEDULE),
    webhookDisableAfter: duration(env, 'WEBHOOK_DISABLE_AFTER', 5 * 86400, 1),
    webhookAllowPrivateNetworks: flag(env, 'WEBHOOK_ALLOW_PRIVATE_NETWORKS'),
    smtpUrl: smtpUrl(env),
    mailFrom: mailFrom(env, read(env, 'BASE_URL') ?? defaultUrl),
    mailRetrySchedule: durationList(env, 'MAIL_RETRY_SCHEDULE', DEFAULT_RETRY_SCHEDULE),
    mailPerHour: integer(env, 'MAIL_PER_HOUR', 500, 1, 1_000_000),
    importMaxBytes: integer(env, 'IMPORT_MAX_BYTES', DEFAULT_IMPORT_MAX_BYTES, 1024, 2 ** 40),
    metricsPort:
      read(env, 'METRICS_PORT') === undefined ? undefined : integer(env, 'METRICS_PORT', 0, 0, 65535),
    trustProxy: trustProxy(env),
    diagnosticJobs: flag(env, 'MARQUEE_DIAGNOSTIC_JOBS'),
    jobLeaseSeconds:
      read(env, 'MARQUEE_JOB_LEASE') === undefined ? undefined : duration(env, 'MARQUEE_JOB_LEASE', 30, 3),
  });
}
