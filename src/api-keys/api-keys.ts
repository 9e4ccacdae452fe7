/**
 * Managing API keys (SPEC §15): an organization's admins make keys on Settings → Developers → API
 * keys, each with a name and its scopes, and revoke them; a key is never edited. The secret is 256
 * random bits behind the `mqk_` prefix and the row's id; only its SHA-256 is kept, so it is shown
 * once, in the answer to the form that made it. Every admin sees and may revoke every key of the
 * organization: a key is the venue's, not only its maker's.
 */
import { isoTime } from '../clock.js';
import type { Db } from '../db/database.js';
import { newId } from '../db/ids.js';
import { type FieldProblem, ValidationError } from '../errors.js';
import { generateToken } from '../security/credentials.js';
import { isScope, SCOPES } from '../policy/scopes.js';
import type { Command } from '../writes/command.js';
import { refuse, Refusal } from '../writes/refusal.js';
import { API_KEY_ACTIONS } from './api-key.policy.js';
import type { RevokedReason } from './api-key.table.js';

/** A new key: made by the admin acting, whom it acts as. */
export interface NewApiKey {
  name: string;
  scopes: readonly string[];
}

export const API_KEY_NAME_MAX = 100;

/** Every problem of a new key's name and scopes at once. */
function problemsOf(input: NewApiKey): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const name = input.name.trim();
  if (name === '') problems.push({ field: 'name', detail: 'Name the key, e.g. after what uses it.' });
  else if (name.length > API_KEY_NAME_MAX)
    problems.push({ field: 'name', detail: `Keep the name to ${API_KEY_NAME_MAX} characters.` });
  if (input.scopes.length === 0 || !input.scopes.every(isScope))
    problems.push({ field: 'scopes', detail: 'Choose what the key may do: read, or read and change.' });
  return problems;
}

const NOT_STAFF = refuse({
  status: 403,
  code: 'staff_only',
  detail: 'An API key acts as the staff member who made it: make it signed in.',
});

/** A new key, and its secret (shown once: only its hash is kept). */
export const createApiKey: Command<NewApiKey, { id: string; secret: string } | Refusal> = {
  action: API_KEY_ACTIONS.create,
  async run({ trx, actor, now }, input) {
    const problems = problemsOf(input);
    if (problems.length > 0) return Refusal.from(new ValidationError(problems));
    if (actor.userId === null) return NOT_STAFF;
    const id = newId(now);
    const secret = generateToken('apiKey', id);
    await trx
      .insertInto('api_keys')
      .values({
        id,
        organization_id: actor.organizationId,
        user_id: actor.userId,
        name: input.name.trim(),
        scopes: SCOPES.filter((s) => input.scopes.includes(s)).join(' '),
        secret_hash: secret.hash,
        created_at: isoTime(now),
        last_used_at: null,
        revoked_at: null,
        revoked_reason: null,
      })
      .execute();
    return { id, secret: secret.value };
  },
};

export interface ApiKeyView {
  id: string;
  name: string;
  scopes: string[];
  /** Who made it (whose access it has). */
  userEmail: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The organization's keys that still work, newest first. */
export async function apiKeysOf(db: Db, organizationId: string): Promise<ApiKeyView[]> {
  const rows = await db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select(['k.id', 'k.name', 'k.scopes', 'u.email', 'k.created_at', 'k.last_used_at'])
    .where('k.organization_id', '=', organizationId)
    .where('k.revoked_at', 'is', null)
    .orderBy('k.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    scopes: r.scopes.split(' ').filter(Boolean),
    userEmail: r.email,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
  }));
}

export interface EndedApiKeyView extends ApiKeyView {
  endedAt: string;
  /** `revoked` by an admin, or `member_removed`: the key's user left the organization. */
  reason: RevokedReason;
}

/** How many ended keys Settings → Developers → API keys lists, latest first. */
export const ENDED_KEYS_LISTED = 50;

/** The organization's keys that no longer work, the latest ended first. */
export async function endedApiKeysOf(db: Db, organizationId: string): Promise<EndedApiKeyView[]> {
  const rows = await db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select([
      'k.id',
      'k.name',
      'k.scopes',
      'u.email',
      'k.created_at',
      'k.last_used_at',
      'k.revoked_at',
      'k.revoked_reason',
    ])
    .where('k.organization_id', '=', organizationId)
    .where('k.revoked_at', 'is not', null)
    .orderBy('k.revoked_at', 'desc')
    .orderBy('k.id', 'desc')
    .limit(ENDED_KEYS_LISTED)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    scopes: r.scopes.split(' ').filter(Boolean),
    userEmail: r.email,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    endedAt: r.revoked_at!,
    reason: r.revoked_reason ?? 'revoked',
  }));
}

/** Revokes one of the organization's keys; refused (404) when it has no such working key. */
export const revokeApiKey: Command<{ id: string }, undefined | Refusal> = {
  action: API_KEY_ACTIONS.revoke,
  async run({ trx, actor, now }, { id }) {
    const result = await trx
      .updateTable('api_keys')
      .set({ revoked_at: isoTime(now), revoked_reason: 'revoked' })
      .where('id', '=', String(id))
      .where('organization_id', '=', actor.organizationId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return undefined;
    return refuse({ status: 404, code: 'not_found', detail: 'This venue has no such working API key.' });
  },
};
