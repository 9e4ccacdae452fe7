/**
 * Scope values (SPEC §4): `crm_read` reads, `crm_manage` reads and writes. Requests may separate
 * scopes with spaces (RFC 6749 §3.3), commas (the seed's documented authorize link) or `+`.
 */
export const SCOPES = ['crm_read', 'crm_manage'] as const;
export type Scope = (typeof SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  crm_read: 'Read your bookings, accounts, contacts and notes',
  crm_manage: 'Read, create, change and delete your bookings, accounts, contacts and notes',
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Splits a scope parameter into distinct values, in a stable order; unknown values are kept for the caller to refuse. */
export function splitScopes(raw: string): string[] {
  const values = raw.split(/[\s,+]+/).filter((v) => v !== '');
  return [...new Set(values)].sort((a, b) => scopeRank(a) - scopeRank(b) || a.localeCompare(b));
}

function scopeRank(value: string): number {
  const index = (SCOPES as readonly string[]).indexOf(value);
  return index === -1 ? SCOPES.length : index;
}

export function unknownScopes(values: readonly string[]): string[] {
  return values.filter((v) => !isScope(v));
}

/** `crm_manage` implies `crm_read`. */
export function scopeAllows(granted: readonly string[], needed: Scope): boolean {
  return granted.includes(needed) || (needed === 'crm_read' && granted.includes('crm_manage'));
}
