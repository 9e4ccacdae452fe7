/** Integrations (OAuth clients): their settings and the hash of their secret, never the secret. */
import type { Db, Trx } from '../db/database.js';
import { isoTime } from '../clock.js';
import { newId } from '../db/ids.js';
import type { Selectable } from 'kysely';
import { type Integration, toIntegration } from './integration.codec.js';
import type { IntegrationTable } from './integration.table.js';

export type { Integration };

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
