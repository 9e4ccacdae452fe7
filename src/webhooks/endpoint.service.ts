/**
 * Managing webhook endpoints (SPEC §8): an integration registers HTTPS URLs on public addresses
 * for the event types it wants (or `*`), in one organization it is authorized for; the signing
 * secret is shown when the endpoint is made and when it is rotated, never again. An endpoint may
 * be turned off and on; turning it on clears a disablement after failures.
 */
import { isoTime } from '../clock.js';
import type { Db, Trx } from '../db/database.js';
import { newId } from '../db/ids.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { isChangeType } from '../changes/change-types.js';
import { Problems } from '../crm/validation.js';
import {
  countEndpoints,
  deleteEndpointRow,
  type EndpointOwner,
  findEndpoint,
  insertEndpoint,
  updateEndpointRow,
} from './endpoint.repository.js';
import { generateSigningSecret } from './signature.js';
import { addressProblem, urlProblem } from './ssrf-guard.js';
import type { WebhookEndpointTable } from './webhook.table.js';

export interface EndpointInput {
  url?: string | undefined;
  events?: readonly string[] | undefined;
  description?: string | null | undefined;
  enabled?: boolean | undefined;
}

export interface EndpointContext {
  db: Db;
  now: number;
  allowPrivateNetworks: boolean;
}

/** A create runs inside the transaction that stores its idempotent response. */
export type CreateContext = Omit<EndpointContext, 'db'> & { db: Db | Trx };

/** An integration keeps at most this many endpoints per organization. */
const MAX_ENDPOINTS = 16;

async function checked(input: EndpointInput, allowPrivate: boolean, creating: boolean) {
  const problems = new Problems();
  const changes: Partial<WebhookEndpointTable> = {};
  if (input.url !== undefined || creating) {
    const url = input.url?.trim() ?? '';
    const problem = urlProblem(url, allowPrivate) ?? (await addressProblem(url, allowPrivate));
    if (problem) problems.attribute('url', `The URL ${problem}.`, 'unsafe_url');
    changes.url = url;
  }
  if (input.events !== undefined || creating) {
    const events = [...new Set(input.events ?? [])];
    const unknown = events.filter((e) => e !== '*' && !isChangeType(e));
    if (events.length === 0)
      problems.attribute('events', 'Name at least one change type, or "*" for all.', 'blank');
    else if (unknown.length > 0) problems.attribute('events', `Unknown change type: ${unknown.join(', ')}.`);
    changes.events = JSON.stringify(events.includes('*') ? ['*'] : events);
  }
  if (input.description !== undefined) changes.description = input.description?.trim() || null;
  problems.check();
  return changes;
}

export async function createEndpoint(
  ctx: CreateContext,
  owner: EndpointOwner,
  input: EndpointInput,
): Promise<WebhookEndpointTable> {
  const changes = await checked(input, ctx.allowPrivateNetworks, true);
  if ((await countEndpoints(ctx.db, owner)) >= MAX_ENDPOINTS) {
    throw new ConflictError(
      `An integration may have ${MAX_ENDPOINTS} endpoints per organization.`,
      'too_many',
    );
  }
  const at = isoTime(ctx.now);
  const row: WebhookEndpointTable = {
    id: newId(ctx.now),
    integration_id: owner.integrationId,
    organization_id: owner.organizationId,
    url: changes.url ?? '',
    description: changes.description ?? null,
    events: changes.events ?? '["*"]',
    secret: generateSigningSecret(),
    disabled_at: input.enabled === false ? at : null,
    disabled_reason: input.enabled === false ? 'Turned off.' : null,
    failing_since: null,
    created_at: at,
    updated_at: at,
  };
  await insertEndpoint(ctx.db, row);
  return row;
}

export async function requireEndpoint(
  db: Db,
  owner: EndpointOwner,
  id: string,
): Promise<WebhookEndpointTable> {
  const endpoint = await findEndpoint(db, owner, id);
  if (!endpoint) throw new NotFoundError(`No webhook_endpoints resource has the id "${id}".`);
  return endpoint;
}

export async function updateEndpoint(
  ctx: EndpointContext,
  owner: EndpointOwner,
  id: string,
  input: EndpointInput,
): Promise<WebhookEndpointTable> {
  const endpoint = await requireEndpoint(ctx.db, owner, id);
  const changes = await checked(input, ctx.allowPrivateNetworks, false);
  if (Object.keys(changes).length === 0 && input.enabled === undefined) return endpoint;
  const at = isoTime(ctx.now);
  if (input.enabled === true)
    Object.assign(changes, { disabled_at: null, disabled_reason: null, failing_since: null });
  if (input.enabled === false && endpoint.disabled_at === null) {
    Object.assign(changes, { disabled_at: at, disabled_reason: 'Turned off.' });
  }
  const updated = { ...endpoint, ...changes, updated_at: at };
  await updateEndpointRow(ctx.db, id, { ...changes, updated_at: at });
  return updated;
}

export async function rotateEndpointSecret(
  ctx: EndpointContext,
  owner: EndpointOwner,
  id: string,
): Promise<WebhookEndpointTable> {
  const endpoint = await requireEndpoint(ctx.db, owner, id);
  const rotated = { ...endpoint, secret: generateSigningSecret(), updated_at: isoTime(ctx.now) };
  await updateEndpointRow(ctx.db, id, { secret: rotated.secret, updated_at: rotated.updated_at });
  return rotated;
}

export async function deleteEndpoint(ctx: EndpointContext, owner: EndpointOwner, id: string): Promise<void> {
  await requireEndpoint(ctx.db, owner, id);
  await deleteEndpointRow(ctx.db, id);
}
