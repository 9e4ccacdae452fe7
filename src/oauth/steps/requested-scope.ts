/**
 * A requested scope must name known values only (RFC 6749 §3.3) and stay within what the
 * integration (or, on refresh, the original grant: §6) allows.
 */
import { invalidScope } from '../errors.js';
import { splitScopes, unknownScopes } from '../../policy/scopes.js';

export function checkRequestedScope(raw: string, allowed: readonly string[], what: string): string[] {
  const requested = splitScopes(raw);
  const unknown = unknownScopes(requested);
  if (unknown.length > 0) throw invalidScope(`Unknown scope: ${unknown.join(' ')}.`);
  if (requested.length === 0) throw invalidScope('The scope parameter is empty.');
  // crm_manage implies crm_read, so an integration allowed to manage may also ask to read only.
  const permitted = allowed.includes('crm_manage') ? [...allowed, 'crm_read'] : allowed;
  const beyond = requested.filter((s) => !permitted.includes(s));
  if (beyond.length > 0) throw invalidScope(`The scope ${beyond.join(' ')} is beyond ${what}.`);
  return requested;
}
