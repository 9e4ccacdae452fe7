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
import { resumeDeliveries } from './delivery.repository.js';
import { generateSigningSecret } from './signature.js';
import { isRefusal, Refusal } from '../writes/refusal.js';
import type { Command, Work } from '../writes/command.js';
import { WEBHOOK_ENDPOINT_ACTIONS } from './endpoint.policy.js';
import { addressProblem, urlProblem } from './ssrf-guard.js';
import type { WebhookEndpointTable } from './webhook.table.js';

export interface EndpointInput {
  url?: string | undefined;
  events?: readonly string[] | undefined;
  description?: string | null | undefined;
  enabled?: boolean | undefined;
}

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
  return problems.refusal() ?? changes;
}

/** Where an endpoint's command acts: its integration's, in the acting organization. */
interface Owned {
  owner: EndpointOwner;
}

/** An endpoint of that owner: a 404 for any other, as for another organization's. */
async function ownedEndpoint(
  work: Work,
  { owner }: Owned,
  id: string,
): Promise<WebhookEndpointTable | Refusal> {
  const endpoint =
    owner.organizationId === work.actor.organizationId ? await findEndpoint(work.trx, owner, id) : undefined;
  return endpoint ?? Refusal.from(notFound(id));
}

const notFound = (id: string) => new NotFoundError(`No webhook_endpoints resource has the id "${id}".`);

export const createEndpoint: Command<
  Owned & { input: EndpointInput; allowPrivateNetworks: boolean },
  WebhookEndpointTable | Refusal
> = {
  action: WEBHOOK_ENDPOINT_ACTIONS.create,
  async run({ trx, actor, now }, { owner, input, allowPrivateNetworks }) {
    if (owner.organizationId !== actor.organizationId)
      return Refusal.from(new NotFoundError('This organization has no such integration.'));
    const changes = await checked(input, allowPrivateNetworks, true);
    if (isRefusal(changes)) return changes;
    if ((await countEndpoints(trx, owner)) >= MAX_ENDPOINTS) {
      return Refusal.from(
        new ConflictError(`An integration may have ${MAX_ENDPOINTS} endpoints per organization.`, 'too_many'),
      );
    }
    const at = isoTime(now);
    const row: WebhookEndpointTable = {
      id: newId(now),
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
    await insertEndpoint(trx, row);
    return row;
  },
};

export async function requireEndpoint(
  db: Db | Trx,
  owner: EndpointOwner,
  id: string,
): Promise<WebhookEndpointTable> {
  const endpoint = await findEndpoint(db, owner, id);
  if (!endpoint) throw notFound(id);
  return endpoint;
}

export const updateEndpoint: Command<
  Owned & { id: string; input: EndpointInput; allowPrivateNetworks: boolean },
  WebhookEndpointTable | Refusal
> = {
  action: WEBHOOK_ENDPOINT_ACTIONS.update,
  async run(work, request) {
    const { id, input } = request;
    const endpoint = await ownedEndpoint(work, request, id);
    if (isRefusal(endpoint)) return endpoint;
    const changes = await checked(input, request.allowPrivateNetworks, false);
    if (isRefusal(changes)) return changes;
    if (Object.keys(changes).length === 0 && input.enabled === undefined) return endpoint;
    const at = isoTime(work.now);
    if (input.enabled === true)
      Object.assign(changes, { disabled_at: null, disabled_reason: null, failing_since: null });
    if (input.enabled === false && endpoint.disabled_at === null) {
      Object.assign(changes, { disabled_at: at, disabled_reason: 'Turned off.' });
    }
    const updated = { ...endpoint, ...changes, updated_at: at };
    await updateEndpointRow(work.trx, id, { ...changes, updated_at: at });
    if (input.enabled === true && endpoint.disabled_at !== null)
      await resumeDeliveries(work.trx, id, work.now);
    return updated;
  },
};

export const rotateEndpointSecret: Command<Owned & { id: string }, WebhookEndpointTable | Refusal> = {
  action: WEBHOOK_ENDPOINT_ACTIONS.rotate_secret,
  async run(work, request) {
    const endpoint = await ownedEndpoint(work, request, request.id);
    if (isRefusal(endpoint)) return endpoint;
    const rotated = { ...endpoint, secret: generateSigningSecret(), updated_at: isoTime(work.now) };
    await updateEndpointRow(work.trx, request.id, { secret: rotated.secret, updated_at: rotated.updated_at });
    return rotated;
  },
};

export const deleteEndpoint: Command<Owned & { id: string }, undefined | Refusal> = {
  action: WEBHOOK_ENDPOINT_ACTIONS.delete,
  async run(work, request) {
    const endpoint = await ownedEndpoint(work, request, request.id);
    if (isRefusal(endpoint)) return endpoint;
    await deleteEndpointRow(work.trx, request.id);
    return undefined;
  },
};
