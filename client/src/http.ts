/**
 * Sending requests: JSON bodies, retries with exponential backoff and jitter on 408, 409 when
 * another request with the same Idempotency-Key is in progress (code `idempotency_in_progress`), 429 and 5xx
 * (honouring Retry-After), and typed errors for everything else. Other 409s (`space_conflict`,
 * `has_dependents`, …) say something about the data and are not retried.
 */
import { ConnectionError, errorFromResponse, firstErrorCode, MarqueeError } from './errors.js';

export type Fetch = typeof globalThis.fetch;

export interface HttpOptions {
  fetch: Fetch;
  maxRetries: number;
  /** Upper bound of one wait between attempts, in milliseconds. */
  maxRetryDelay: number;
}

export interface HttpRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Form-encoded body (OAuth endpoints). */
  form?: Record<string, string>;
  /** The answer's bytes as they are (a PDF), rather than JSON. */
  bytes?: boolean;
}

export interface HttpResponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

const RETRYABLE = new Set([408, 409, 429, 500, 502, 503, 504]);

/** Whether an answer is worth the same request again: a 409 only when it says "in progress". */
function retryable(status: number, body: unknown): boolean {
  return RETRYABLE.has(status) && (status !== 409 || firstErrorCode(body) === 'idempotency_in_progress');
}

function delayFor(attempt: number, response: Response | undefined, max: number): number {
  const retryAfter = response?.headers.get('retry-after');
  if (retryAfter && /^\d+$/.test(retryAfter)) return Math.min(Number(retryAfter) * 1000, max);
  const base = Math.min(500 * 2 ** attempt, max);
  return base / 2 + Math.random() * (base / 2);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function send<T>(options: HttpOptions, request: HttpRequest): Promise<HttpResponse<T>> {
  const headers: Record<string, string> = {
    accept: 'application/vnd.api+json, application/json',
    ...request.headers,
  };
  let body: string | undefined;
  if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  } else if (request.body !== undefined) {
    headers['content-type'] = 'application/vnd.api+json';
    body = JSON.stringify(request.body);
  }
  for (let attempt = 0; ; attempt++) {
    let response: Response | undefined;
    try {
      response = await options.fetch(request.url, { method: request.method, headers, body });
    } catch (error) {
      if (attempt < options.maxRetries) {
        await sleep(delayFor(attempt, undefined, options.maxRetryDelay));
        continue;
      }
      const message = error instanceof Error ? error.message : String(error);
      throw new ConnectionError(
        `Could not reach Marquee: ${message}`,
        0,
        'connection_error',
        message,
        undefined,
        undefined,
      );
    }
    const raw = new Uint8Array(await response.arrayBuffer());
    if (request.bytes && response.ok)
      return { status: response.status, body: raw as T, headers: response.headers };
    const text = new TextDecoder().decode(raw);
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = { error: 'invalid_response', error_description: text.slice(0, 200) };
    }
    if (attempt < options.maxRetries && retryable(response.status, parsed)) {
      await sleep(delayFor(attempt, response, options.maxRetryDelay));
      continue;
    }
    if (!response.ok && response.status !== 304) {
      throw errorFromResponse(response.status, parsed, response.headers.get('x-request-id') ?? undefined);
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }
}

export function isInvalidToken(error: unknown): boolean {
  return error instanceof MarqueeError && error.status === 401;
}
