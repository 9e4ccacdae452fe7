/**
 * Time, injected. Everything that judges time (token and code expiry, the refresh grace window,
 * sessions, throttles, retention) asks a Clock, never `Date.now()` directly, so tests move a
 * clock instead of sleeping. Timestamp columns hold ISO-8601 UTC strings made by `isoTime`.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

let lastMillisecond = Number.NaN;
let lastIso = '';

/**
 * The ISO-8601 UTC string of an instant, as every timestamp column holds it. Every API request
 * asks for the current one (to judge its token's expiry): calls within one millisecond share it.
 */
export function isoTime(milliseconds: number): string {
  if (milliseconds !== lastMillisecond) {
    lastIso = new Date(milliseconds).toISOString();
    lastMillisecond = milliseconds;
  }
  return lastIso;
}

/** Whole seconds since the epoch (token `created_at`, introspection `exp` and `iat`). */
export function unixSeconds(milliseconds: number): number {
  return Math.floor(milliseconds / 1000);
}
