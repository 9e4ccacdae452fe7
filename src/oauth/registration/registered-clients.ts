/**
 * Self-registered clients (RFC 7591) are integrations of no organization, public, without a
 * secret, PKCE always required. Registrations are bounded: per address (counted in the database,
 * so every process of a cluster sees the same count) and in all; one never used for a grant is
 * pruned after a day.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { isSqlite } from '../../db/column-types.js';
import type { Db, Trx } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { generateClientId } from '../credentials.js';
import type { ClientMetadata } from './client-metadata.js';

/** Registrations one address may make in an hour. */
export const REGISTRATIONS_PER_ADDRESS_PER_HOUR = 10;
/** Registrations the installation accepts in an hour from all addresses together. */
export const MAX_RECENT_REGISTRATIONS = 5000;
/** A registration no grant used within this is pruned. */
export const UNUSED_REGISTRATION_SECONDS = 24 * 3600;

export function addressKey(address: string): string {
  return createHash('sha256').update(`registration ${address}`).digest('base64url').slice(0, 22);
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

/** Registrations made from `from` since `since`, and by anyone since `since` (capped counts). */
async function recentRegistrations(
  db: Db | Trx,
  from: string,
  since: string,
): Promise<{ fromAddress: number; all: number }> {
  const count = async (byAddress: boolean) => {
    const limit = byAddress ? REGISTRATIONS_PER_ADDRESS_PER_HOUR : MAX_RECENT_REGISTRATIONS;
    let query = db
      .selectFrom('integrations')
      .select('id')
      .where('registered_at', 'is not', null)
      .where('registered_at', '>', since);
    if (byAddress) query = query.where('registered_from', '=', from);
    const rows = await db
      .selectFrom(query.limit(limit).as('recent'))
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(rows.n);
  };
  return { fromAddress: await count(true), all: await count(false) };
}

/** Why a registration from `from` is refused now (too many), or the client registered. */
export async function registerWithinBounds(
  db: Db,
  metadata: ClientMetadata,
  from: string,
  now: number,
): Promise<RegisteredClient | { refused: string }> {
  return db.transaction().execute(async (trx) => {
    // Registrations take turns (SQLite's one writer does this by itself), so concurrent ones
    // cannot all pass the count before any of them is stored.
    if (!isSqlite(trx))
      await sql`select pg_advisory_xact_lock(hashtext('marquee:client-registration'))`.execute(trx);
    const recent = await recentRegistrations(trx, from, new Date(now - 3600 * 1000).toISOString());
    if (recent.fromAddress >= REGISTRATIONS_PER_ADDRESS_PER_HOUR)
      return {
        refused: `At most ${REGISTRATIONS_PER_ADDRESS_PER_HOUR} registrations an hour from one address.`,
      };
    if (recent.all >= MAX_RECENT_REGISTRATIONS)
      return { refused: 'Too many assistants registered recently; try again later.' };
    return insertRegisteredClient(trx, metadata, from, new Date(now).toISOString());
  });
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
