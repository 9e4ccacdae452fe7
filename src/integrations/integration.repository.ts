/** Integrations (OAuth clients): their settings and the hash of their secret, never the secret. */
import type { Db, Trx } from '../db/database.js';
import { isoTime } from '../clock.js';
import { newId } from '../db/ids.js';
import type { Selectable } from 'kysely';
import type { ClientAuthMethod, IntegrationKind, IntegrationTable } from './integration.table.js';

export interface Integration {
  id: string;
  /** Null for an app that registered itself (RFC 7591): a user's consent names the organization. */
  organizationId: string | null;
  ownerUserId: string | null;
  name: string;
  kind: IntegrationKind;
  redirectUris: string[];
  scopes: string[];
  clientId: string;
  clientSecretHash: string;
  /** `none`: an app that cannot keep a secret, authenticated by client_id alone (with PKCE). */
  authMethod: ClientAuthMethod;
  /** Authorization requests must carry an S256 code_challenge (RFC 9700 §2.1.1): always without a secret. */
  requirePkce: boolean;
  /** A private integration whose owner left its organization: it acts as nobody, for good. */
  endedAt: string | null;
  /** When it registered itself at /oauth/register; null for one made in the settings. */
  registeredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An integration made in an organization's settings (every one but a self-registered app). */
export type OwnedIntegration = Integration & { organizationId: string };

export function isOwnedIntegration(integration: Integration): integration is OwnedIntegration {
  return integration.organizationId !== null;
}

export type NewIntegration = Omit<
  Integration,
  'id' | 'createdAt' | 'updatedAt' | 'endedAt' | 'registeredAt'
> & {
  organizationId: string;
};

function toIntegration(row: Selectable<IntegrationTable>): Integration {
  return {
    id: row.id,
    organizationId: row.organization_id,
    ownerUserId: row.owner_user_id,
    name: row.name,
    kind: row.kind,
    redirectUris: JSON.parse(row.redirect_uris) as string[],
    scopes: row.scopes.split(' ').filter(Boolean),
    clientId: row.client_id,
    clientSecretHash: row.client_secret_hash,
    authMethod: row.token_endpoint_auth_method,
    requirePkce: row.pkce_required_at !== null || row.token_endpoint_auth_method === 'none',
    endedAt: row.ended_at,
    registeredAt: row.registered_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertIntegration(trx: Trx, input: NewIntegration, at: number): Promise<Integration> {
  const now = isoTime(at);
  const row: Selectable<IntegrationTable> = {
    id: newId(),
    organization_id: input.organizationId,
    owner_user_id: input.ownerUserId,
    name: input.name,
    kind: input.kind,
    redirect_uris: JSON.stringify(input.redirectUris),
    scopes: input.scopes.join(' '),
    client_id: input.clientId,
    client_secret_hash: input.clientSecretHash,
    token_endpoint_auth_method: input.authMethod,
    pkce_required_at: input.requirePkce ? now : null,
    ended_at: null,
    registered_at: null,
    registered_from: null,
    created_at: now,
    updated_at: now,
  };
  await trx.insertInto('integrations').values(row).execute();
  return toIntegration(row);
}

export async function findIntegrationByClientId(db: Db, clientId: string): Promise<Integration | undefined> {
  const row = await db
    .selectFrom('integrations')
    .selectAll()
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row && toIntegration(row);
}

export async function findIntegration(db: Db, id: string): Promise<Integration | undefined> {
  const row = await db.selectFrom('integrations').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toIntegration(row);
}

export async function listIntegrationsOfOrganization(db: Db, organizationId: string): Promise<Integration[]> {
  const rows = await db
    .selectFrom('integrations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toIntegration);
}

export async function updateIntegrationSettings(
  trx: Trx,
  id: string,
  settings: { redirectUris: readonly string[]; scopes: readonly string[]; requirePkce: boolean },
  at: number,
): Promise<void> {
  const now = isoTime(at);
  await trx
    .updateTable('integrations')
    .set((eb) => ({
      redirect_uris: JSON.stringify(settings.redirectUris),
      scopes: settings.scopes.join(' '),
      // Keeps the time it was first turned on while it stays on.
      pkce_required_at: settings.requirePkce ? eb.fn.coalesce('pkce_required_at', eb.val(now)) : null,
      updated_at: now,
    }))
    .where('id', '=', id)
    .execute();
}

export async function replaceClientSecretHash(trx: Trx, id: string, hash: string, at: number): Promise<void> {
  await trx
    .updateTable('integrations')
    .set({ client_secret_hash: hash, updated_at: isoTime(at) })
    .where('id', '=', id)
    .execute();
}

/** Deleting an integration deletes its grants, codes and tokens with it (foreign keys cascade). */
export async function deleteIntegrationRow(trx: Trx, id: string): Promise<void> {
  await trx.deleteFrom('integrations').where('id', '=', id).execute();
}
