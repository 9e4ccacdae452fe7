/**
 * One attempt at a delivery (SPEC §8): POST the event, signed, to the endpoint; a 2xx within
 * 15 seconds is success. Redirects are not followed (a 3xx is a failure). Unless private networks
 * are allowed, the connection may only go to a public address: IP literals are checked here,
 * names in the connection's own lookup (src/webhooks/ssrf-guard.ts).
 */
import { Agent, request } from 'undici';
import { guardedLookup, isPublicAddress } from './ssrf-guard.js';

export const DELIVERY_TIMEOUT_MS = 15_000;

export interface Attempt {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

export function deliveryAgent(allowPrivate: boolean): Agent {
  return new Agent({
    connect: { timeout: DELIVERY_TIMEOUT_MS, ...(allowPrivate ? {} : { lookup: guardedLookup }) },
    headersTimeout: DELIVERY_TIMEOUT_MS,
    bodyTimeout: DELIVERY_TIMEOUT_MS,
    connections: 8,
  });
}

export async function attemptDelivery(
  agent: Agent,
  url: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
): Promise<Attempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  if (!allowPrivate && /^[\d.]+$|:/.test(host) && !isPublicAddress(host)) {
    return { ok: false, statusCode: null, durationMs: 0, error: `${host} is not a public address` };
  }
  try {
    const response = await request(url, {
      method: 'POST',
      headers,
      body,
      dispatcher: agent,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      maxRedirections: 0,
    });
    await response.body.dump({ limit: 64 * 1024 });
    const ok = response.statusCode >= 200 && response.statusCode < 300;
    return {
      ok,
      statusCode: response.statusCode,
      durationMs: elapsed(),
      error: ok ? null : `HTTP ${response.statusCode}`,
    };
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, statusCode: null, durationMs: elapsed(), error: (cause ?? message).slice(0, 300) };
  }
}
