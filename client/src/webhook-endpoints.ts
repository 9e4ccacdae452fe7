/**
 * `webhookEndpoints` (/v2/webhook_endpoints, crm_read): the integration's own endpoints in the
 * organization. The signing secret is returned by `create` and `rotateSecret` only; keep it where
 * the receiver reads it. URLs must be https on a public address (else `ValidationError`
 * `unsafe_url`).
 */
import type { CreateOptions } from './inputs.js';
import { flatten, type ListDocument, type SingleDocument } from './jsonapi.js';
import type { ChangeType } from './changes.js';
import { PagedList } from './paged-list.js';
import type { Requester } from './resource-client.js';
import { createDocument, updateDocument, type WriteShape } from './write-documents.js';

/** An event type, or `*` for all of them. */
export type ChangeSelector = ChangeType | '*';

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: ChangeSelector[];
  description: string | null;
  /** False when turned off, or disabled after its deliveries failed for too long. */
  enabled: boolean;
  /** Why it takes no deliveries, when it does not. */
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** An endpoint as made or rotated: with the `whsec_…` secret that signs its deliveries. */
export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  secret: string;
}

export interface NewWebhookEndpoint {
  /** https, on a public address. */
  url: string;
  events: readonly ChangeSelector[];
  description?: string | null;
  /** Default true. */
  enabled?: boolean;
}

/** `enabled: true` also turns on an endpoint that was disabled after failures. */
export type WebhookEndpointChanges = Partial<NewWebhookEndpoint>;

interface Scoped {
  /** Overrides the client's organization for this call. */
  organizationId?: string;
}

export interface WebhookEndpointsClient {
  list(options?: Scoped): PagedList<WebhookEndpoint>;
  get(id: string, options?: Scoped): Promise<WebhookEndpoint>;
  /** Sends an Idempotency-Key (pass `idempotencyKey` to choose it). */
  create(input: NewWebhookEndpoint, options?: CreateOptions): Promise<WebhookEndpointWithSecret>;
  update(id: string, changes: WebhookEndpointChanges, options?: Scoped): Promise<WebhookEndpoint>;
  delete(id: string, options?: Scoped): Promise<void>;
  /** A new secret; the old one stops signing at once. */
  rotateSecret(id: string, options?: Scoped): Promise<WebhookEndpointWithSecret>;
}

const PATH = '/v2/webhook_endpoints';
const SHAPE: WriteShape = { type: 'webhook_endpoints', relationships: {} };
const at = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

export function webhookEndpointsClient(api: Requester): WebhookEndpointsClient {
  const single = async <T>(method: string, path: string, options: Scoped, extra: object = {}) => {
    const { body } = await api.request<SingleDocument>(method, path, {
      organizationId: options.organizationId,
      ...extra,
    });
    return flatten<T>(body.data);
  };
  return {
    list: (options = {}) =>
      new PagedList(async (after) => {
        const query = new URLSearchParams(after ? { 'page[after]': after } : {});
        const { body } = await api.request<ListDocument>('GET', PATH, {
          query,
          organizationId: options.organizationId,
        });
        return {
          items: body.data.map((r) => flatten<WebhookEndpoint>(r)),
          hasMore: body.meta.has_more,
          afterCursor: body.meta.after_cursor,
        };
      }),
    get: (id, options = {}) => single<WebhookEndpoint>('GET', at(id), options),
    create: (input, options = {}) =>
      single<WebhookEndpointWithSecret>('POST', PATH, options, {
        headers: { 'idempotency-key': options.idempotencyKey ?? globalThis.crypto.randomUUID() },
        body: createDocument(SHAPE, input),
      }),
    update: (id, changes, options = {}) =>
      single<WebhookEndpoint>('PATCH', at(id), options, { body: updateDocument(SHAPE, id, changes) }),
    delete: async (id, options = {}) => {
      await api.request('DELETE', at(id), { organizationId: options.organizationId });
    },
    rotateSecret: (id, options = {}) =>
      single<WebhookEndpointWithSecret>('POST', `${at(id)}/rotate_secret`, options),
  };
}
