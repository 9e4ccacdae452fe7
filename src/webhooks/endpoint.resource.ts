/** Webhook endpoints as the API shows them (SPEC §8); the secret only when made or rotated. */
import { Type } from 'typebox';
import { Nullable, NullableString, resourceSchema, Timestamp } from '../api/jsonapi.js';
import { changes, createDocument, updateDocument } from '../api/request-documents.js';
import { eventsOf } from './endpoint.codec.js';
import type { WebhookEndpointTable } from './webhook.table.js';

export const EndpointAttributes = Type.Object({
  url: Type.String(),
  events: Type.Array(Type.String(), { description: 'Event types delivered, or ["*"] for all' }),
  description: NullableString(),
  enabled: Type.Boolean(),
  disabled_reason: NullableString('Why it takes no deliveries, when it does not'),
  secret: Type.Optional(Type.String({ description: 'The signing secret; shown only when made or rotated' })),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const EndpointResource = resourceSchema('webhook_endpoints', EndpointAttributes);

const EndpointWriteAttributes = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 2000,
      format: 'uri',
      description: 'https, on a public address',
    }),
    events: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 50 }),
    description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const EndpointCreateBody = createDocument('webhook_endpoints', {
  attributes: EndpointWriteAttributes,
});
export const EndpointUpdateBody = updateDocument('webhook_endpoints', {
  attributes: changes(EndpointWriteAttributes),
});

export function endpointResource(row: WebhookEndpointTable, baseUrl: string, withSecret = false) {
  return {
    type: 'webhook_endpoints',
    id: row.id,
    attributes: {
      url: row.url,
      events: eventsOf(row),
      description: row.description,
      enabled: row.disabled_at === null,
      disabled_reason: row.disabled_reason,
      ...(withSecret ? { secret: row.secret } : {}),
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    links: { self: `${baseUrl}/v2/webhook_endpoints/${row.id}` },
  };
}
