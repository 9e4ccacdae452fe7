/**
 * Reading one environment variable into a value, or stopping start-up with a ConfigError that
 * names the variable and what it accepts (src/config.ts reads them all).
 */

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

export const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

export type Env = Readonly<Record<string, string | undefined>>;

export function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `expected a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

/** Durations are seconds, optionally with a unit: `7200`, `120m`, `2h`, `90d`. */
export function duration(env: Env, name: string, fallback: number, min: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const match = /^(\d+)([smhd]?)$/.exec(raw);
  const seconds = match ? Number(match[1]) * (DURATION_UNITS[match[2] || 's'] ?? 1) : Number.NaN;
  if (!Number.isSafeInteger(seconds) || seconds < min) {
    throw new ConfigError(
      name,
      `expected a duration of at least ${min} seconds, as seconds or with a unit (90, 15m, 2h, 90d), got "${raw}"`,
    );
  }
  return seconds;
}

/** A comma-separated list of durations (`5s,5m,30m,2h`). */
export function durationList(env: Env, name: string, fallback: readonly number[]): readonly number[] {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const values = raw.split(',').map((part) => duration({ [name]: part.trim() }, name, Number.NaN, 0));
  if (values.length === 0 || values.length > 20 || values.some((v) => Number.isNaN(v))) {
    throw new ConfigError(
      name,
      `expected 1 to 20 comma-separated durations such as 5s,5m,30m,2h, got "${raw}"`,
    );
  }
  return Object.freeze(values);
}

export function flag(env: Env, name: string): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
}

export function optionalUrl(
  env: Env,
  name: string,
  protocols: readonly string[],
  example: string,
): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  let protocol = '';
  try {
    protocol = new URL(raw).protocol;
  } catch {
    // reported below with the accepted forms
  }
  if (!protocols.includes(protocol)) {
    throw new ConfigError(
      name,
      `expected a URL such as ${example} (${protocols.join(' or ')}), got an invalid value`,
    );
  }
  return raw;
}
