/**
 * Verifying webhook deliveries (Standard Webhooks, standardwebhooks.com): the `webhook-signature`
 * header holds one or more `v1,<base64>` HMAC-SHA256 signatures of `id.timestamp.body`, keyed
 * with the base64 part of the `whsec_…` secret. A delivery is accepted when one of them matches
 * (compared in constant time) and its timestamp is within the tolerance of now. Web Crypto only,
 * so it runs wherever fetch does.
 */
import { looksLikeChange, type MarqueeChange } from './changes.js';

export type WebhookVerificationErrorCode =
  | 'missing_header'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'invalid_signature'
  | 'invalid_payload';

/** A delivery that is not from Marquee, was changed on the way, or is too old or new to trust. */
export class WebhookVerificationError extends Error {
  constructor(
    readonly code: WebhookVerificationErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/** A fetch `Headers`, or a plain record such as node's `request.headers` (any case). */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface VerifyOptions {
  /** How far the timestamp may be from now, in seconds (default 300). */
  tolerance?: number;
  /** What "now" is: a Date, or milliseconds since the epoch (default the current time). */
  now?: Date | number;
}

const DEFAULT_TOLERANCE_SECONDS = 5 * 60;
const SECRET_PREFIX = 'whsec_';
const encoder = new TextEncoder();

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
    if (key.toLowerCase() !== name) continue;
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return value.join(' ');
  }
  return undefined;
}

function required(headers: WebhookHeaders, name: string): string {
  const value = header(headers, name);
  if (!value) throw new WebhookVerificationError('missing_header', `The ${name} header is missing.`);
  return value;
}

function keyBytes(secret: string): Uint8Array<ArrayBuffer> {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  let binary: string;
  try {
    binary = atob(encoded);
  } catch {
    throw new TypeError('The webhook secret is not a signing secret (whsec_ and base64).');
  }
  if (binary.length === 0) throw new TypeError('The webhook secret is empty.');
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function bodyBytes(rawBody: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof rawBody === 'string') return encoder.encode(rawBody);
  if (rawBody instanceof Uint8Array) return rawBody;
  if (rawBody instanceof ArrayBuffer) return new Uint8Array(rawBody);
  throw new TypeError(
    'Pass the raw request body (a string or bytes) as received: parsed JSON no longer has the bytes that were signed.',
  );
}

async function sign(key: Uint8Array<ArrayBuffer>, content: Uint8Array<ArrayBuffer>): Promise<string> {
  const cryptoKey = await globalThis.crypto.subtle.importKey(
    'raw',
    key,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', cryptoKey, content));
  return btoa(String.fromCharCode(...mac));
}

/** Equal strings, in a time that does not depend on where they differ. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

function checkTimestamp(value: string, options: VerifyOptions): void {
  if (!/^\d{1,15}$/.test(value)) {
    throw new WebhookVerificationError(
      'invalid_timestamp',
      'The webhook-timestamp header is not Unix seconds.',
    );
  }
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE_SECONDS;
  const nowMs = options.now === undefined ? Date.now() : Number(options.now);
  const now = Math.floor(nowMs / 1000);
  const timestamp = Number(value);
  if (now - timestamp > tolerance) {
    throw new WebhookVerificationError(
      'timestamp_too_old',
      `The delivery was signed ${now - timestamp} s ago, more than the ${tolerance} s allowed (a replay?).`,
    );
  }
  if (timestamp - now > tolerance) {
    throw new WebhookVerificationError(
      'timestamp_too_new',
      `The delivery is dated ${timestamp - now} s ahead, more than the ${tolerance} s allowed (check the clock).`,
    );
  }
}

/**
 * Verifies a delivery and returns its event. `rawBody` is the request body exactly as received;
 * `secret` is the endpoint's `whsec_…` secret, or several (e.g. the old and new one around a
 * rotation). Throws `WebhookVerificationError` for a delivery to refuse, and `TypeError` for a
 * malformed secret or a body that is not raw.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyOptions = {},
): Promise<MarqueeChange> {
  const body = bodyBytes(rawBody);
  const keys = (typeof secret === 'string' ? [secret] : [...secret]).map(keyBytes);
  if (keys.length === 0) throw new TypeError('Pass the endpoint’s signing secret.');
  const id = required(headers, 'webhook-id');
  const timestamp = required(headers, 'webhook-timestamp');
  const signatures = required(headers, 'webhook-signature')
    .split(' ')
    .flatMap((entry) => (entry.startsWith('v1,') ? [entry.slice(3)] : []));
  checkTimestamp(timestamp, options);

  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const content = new Uint8Array(prefix.length + body.length);
  content.set(prefix);
  content.set(body, prefix.length);
  let matched = false;
  for (const key of keys) {
    const expected = await sign(key, content);
    for (const candidate of signatures) matched = constantTimeEqual(candidate, expected) || matched;
  }
  if (!matched) {
    throw new WebhookVerificationError(
      'invalid_signature',
      'No webhook-signature matches: the body was changed, or it was signed with another secret.',
    );
  }

  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder().decode(body));
  } catch {
    event = undefined;
  }
  if (!looksLikeChange(event)) {
    throw new WebhookVerificationError('invalid_payload', 'The signed body is not a Marquee event.');
  }
  return event;
}

/** `Marquee.webhooks`: usable without a client. */
export const webhooks = { verify: verifyWebhook };
