/**
 * Judging a presented API key (SPEC §15): the key carries its row's id after the `mqk_` prefix,
 * so its row is found by the id and accepted only when the SHA-256 of the whole key matches the
 * one kept, compared in constant time. A key works while it is not revoked and its user is still
 * a member of its organization (with the role they hold now): a removed member's keys stop on the
 * next request, with no cache to empty — keys are read on each request.
 */
import { isoTime } from '../clock.js';
import type { Db } from '../db/database.js';
import type { Role } from '../identity/identity.table.js';
import { CREDENTIAL_PREFIXES, credentialMatches } from '../security/credentials.js';

export interface ApiKeyRecord {
  id: string;
  name: string;
  organizationId: string;
  organizationName: string;
  userId: string;
  scopes: string[];
  lastUsedAt: string | null;
  /** The user's role in the key's organization now. */
  role: Role;
}

/** A row id (src/db/ids.ts) and the 256-bit secret (43 base64url characters) after the prefix. */
const API_KEY = new RegExp(`^${CREDENTIAL_PREFIXES.apiKey}([0-9a-z]{26})[A-Za-z0-9_-]{43}$`);

/** The working key `presented` is, or undefined (unknown, malformed, revoked, or its user gone). */
export async function findWorkingApiKey(db: Db, presented: string): Promise<ApiKeyRecord | undefined> {
  const id = API_KEY.exec(presented)?.[1];
  if (id === undefined) return undefined;
  const row = await db
    .selectFrom('api_keys as k')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'k.user_id').onRef('m.organization_id', '=', 'k.organization_id'),
    )
    .innerJoin('organizations as o', 'o.id', 'k.organization_id')
    .select([
      'k.id',
      'k.name',
      'k.organization_id',
      'o.name as organization_name',
      'k.user_id',
      'k.scopes',
      'k.secret_hash',
      'k.last_used_at',
      'm.role',
    ])
    .where('k.id', '=', id)
    .where('k.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row || !credentialMatches(presented, row.secret_hash)) return undefined;
  return {
    id: row.id,
    name: row.name,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    userId: row.user_id,
    scopes: row.scopes.split(' ').filter(Boolean),
    lastUsedAt: row.last_used_at,
    role: row.role,
  };
}

const NOTE_EVERY_MS = 60_000;

/**
 * Notes a use of the key, at most once a minute: a busy integration must not turn every read into
 * a write. The update is conditional, so of concurrent requests at most one writes.
 */
export async function noteApiKeyUse(db: Db, key: ApiKeyRecord, now: number): Promise<void> {
  if (key.lastUsedAt && Date.parse(key.lastUsedAt) > now - NOTE_EVERY_MS) return;
  const before = isoTime(now - NOTE_EVERY_MS);
  await db
    .updateTable('api_keys')
    .set({ last_used_at: isoTime(now) })
    .where('id', '=', key.id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', before)]))
    .execute();
}
