/**
 * Self-registered clients (RFC 7591) are integrations of no organization, public, without a
 * secret, PKCE always required. What bounds them is per address group, never a total that
 * strangers could fill for everyone: an IPv4 address, or an IPv6 /64 (one subscriber's network,
 * which holds more addresses than could ever be counted one by one), may register
 * REGISTRATIONS_PER_GROUP_PER_HOUR an hour and REGISTRATIONS_PER_GROUP_PER_DAY a day, counted in
 * the database so every process of a cluster sees the same count; a registration that no grant
 * or code used is pruned after UNUSED_REGISTRATION_SECONDS. So the unused rows one group can keep
 * are at most a day's budget, however long it keeps trying, and a flood from some addresses
 * never stops an assistant registering from another.
 */
import { createHash } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { sql } from 'kysely';
import { isSqlite } from '../../db/column-types.js';
import type { Db, Trx } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { generateClientId } from '../../security/credentials.js';
import type { ClientMetadata } from './client-metadata.js';
import { countOf } from '../../db/aggregates.js';

/** Registrations one address group may make in an hour, and in a day. */
export const REGISTRATIONS_PER_GROUP_PER_HOUR = 10;
export const REGISTRATIONS_PER_GROUP_PER_DAY = 30;
/** A registration no grant used within this is pruned. */
export const UNUSED_REGISTRATION_SECONDS = 24 * 3600;

/** The group an address is throttled in: the IPv4 address itself, or the IPv6 /64 it lies in. */
export function addressGroup(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).toNormalizedString().split(':').slice(0, 4).join(':');
  return `${ipaddr.IPv6.parse(`${prefix}::`).toString()}/64`;
}

/** What is stored of the group (a hash: the address itself is not kept). */
export function addressKey(address: string): string {
  return createHash('sha256')
    .update(`registration ${addressGroup(address)}`)
    .digest('base64url')
    .slice(0, 22);
}

export interface RegisteredClient {
  clientId: string;
  clientName: string;
  redirectUris: string[];
  scopes: string[];
  issuedAt: string;
}

async function insertRegisteredClient(
  db: Db | Trx,
  metadata: ClientMetadata,
  from: string,
  now: string,
): Promise<RegisteredClient> {
  const clientId = generateClientId();
  await db
    .insertInto('integrations')
    .values({
      id: newId(),
      organization_id: null,
      owner_user_id: null,
      name: metadata.clientName,
      kind: 'public',
      redirect_uris: JSON.stringify(metadata.redirectUris),
      scopes: metadata.scopes.join(' '),
      client_id: clientId,
      client_secret_hash: '',
      token_endpoint_auth_method: 'none',
      pkce_required_at: now,
      ended_at: null,
      registered_at: now,
      registered_from: from,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { clientId, ...metadata, issuedAt: now };
}

/** Registrations made from the group `from` since `since`, counted up to `limit`. */
async function recentFromGroup(db: Db | Trx, from: string, since: string, limit: number): Promise<number> {
  const recent = db
    .selectFrom('integrations')
    .select('id')
    .where('registered_at', 'is not', null)
    .where('registered_from', '=', from)
    .where('registered_at', '>', since)
    .limit(limit);
  return countOf(db.selectFrom(recent.as('recent')).select(sql<number>`count(*)`.as('n')));
}

/** Why a registration from the group `from` is refused now (too many), or the client registered. */
export async function registerWithinBounds(
  db: Db,
  metadata: ClientMetadata,
  from: string,
  now: number,
): Promise<RegisteredClient | { refused: string; retryAfterSeconds: number }> {
  return db.transaction().execute(async (trx) => {
    // One group's registrations take turns (SQLite's one writer does this by itself), so
    // concurrent ones cannot all pass the count before any of them is stored.
    if (!isSqlite(trx))
      await sql`select pg_advisory_xact_lock(hashtext(${`marquee:client-registration:${from}`}))`.execute(
        trx,
      );
    const since = (seconds: number) => new Date(now - seconds * 1000).toISOString();
    if (
      (await recentFromGroup(trx, from, since(3600), REGISTRATIONS_PER_GROUP_PER_HOUR)) >=
      REGISTRATIONS_PER_GROUP_PER_HOUR
    )
      return {
        refused: `At most ${REGISTRATIONS_PER_GROUP_PER_HOUR} registrations an hour from one address (one IPv6 /64).`,
        retryAfterSeconds: 3600,
      };
    if (
      (await recentFromGroup(trx, from, since(86_400), REGISTRATIONS_PER_GROUP_PER_DAY)) >=
      REGISTRATIONS_PER_GROUP_PER_DAY
    )
      return {
        refused: `At most ${REGISTRATIONS_PER_GROUP_PER_DAY} registrations a day from one address (one IPv6 /64).`,
        retryAfterSeconds: 86_400,
      };
    return insertRegisteredClient(trx, metadata, from, new Date(now).toISOString());
  });
}

/** The names of this installation's organizations, which a self-registered client may not claim. */
export async function venueNames(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('organizations').select('name').execute();
  return rows.map((r) => r.name);
}

/** Whether any organization still lets self-registered assistants in. */
export async function anyOrganizationAcceptsAssistants(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where('assistant_registration', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes self-registered clients registered before `cutoff` that no grant or code ever used. */
export async function pruneUnusedRegistrations(db: Db, cutoff: string): Promise<number> {
  const result = await db
    .deleteFrom('integrations')
    .where('registered_at', 'is not', null)
    .where('registered_at', '<', cutoff)
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(
            eb
              .selectFrom('oauth_grants')
              .select('oauth_grants.id')
              .whereRef('oauth_grants.integration_id', '=', 'integrations.id'),
          ),
          eb.exists(
            eb
              .selectFrom('oauth_codes')
              .select('oauth_codes.id')
              .whereRef('oauth_codes.integration_id', '=', 'integrations.id'),
          ),
        ]),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes an assistant that registered itself (it belongs to no organization, so no one's data is
 * written): its grants, codes and tokens go with it. An integration of an organization is deleted
 * by its command, never here.
 */
export async function deleteRegisteredClient(db: Db, id: string): Promise<void> {
  await db.deleteFrom('integrations').where('id', '=', id).where('organization_id', 'is', null).execute();
}
