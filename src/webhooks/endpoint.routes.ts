/**
 * /v2/webhook_endpoints (SPEC §8): an integration manages its own endpoints in the X-API-ORG
 * organization; another integration's endpoints, like another organization's, are 404s. Needs
 * crm_read (the deliveries carry what the token may read). An API key has no integration to own
 * endpoints: its calls here are refused (403 integration_required).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { errorResponses, JSONAPI_MEDIA_TYPE, listDocument, singleDocument } from '../api/jsonapi.js';
import { idempotencyScope } from '../api/api-auth.js';
import { ApiHeaders, CreateHeaders, IdParams, READ_SECURITY } from '../api/route-schemas.js';
import { ConflictError, ForbiddenError } from '../errors.js';
import { write, writeCreate } from '../writes/unit-of-work.js';
import { listEndpoints } from './endpoint.repository.js';
import {
  EndpointCreateBody,
  endpointResource,
  EndpointResource,
  EndpointUpdateBody,
} from './endpoint.resource.js';
import type { EndpointOwner } from './endpoint.repository.js';
import {
  createEndpoint,
  deleteEndpoint,
  requireEndpoint,
  rotateEndpointSecret,
  updateEndpoint,
} from './endpoint.commands.js';

const PATH = '/v2/webhook_endpoints';
const route = (summary: string, description: string) => ({
  config: { scope: 'crm_read' as const },
  tags: ['Webhooks'],
  summary,
  description,
  security: READ_SECURITY,
  headers: ApiHeaders,
});

export const endpointRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { baseUrl, webhookAllowPrivateNetworks } = app.ctx.config;
  const owner = (request: FastifyRequest): EndpointOwner => {
    const { credential, organizationId } = request.apiAuth;
    // Endpoints belong to an integration, which their deliveries stop with; a key has none.
    if (credential.kind !== 'token') {
      throw new ForbiddenError(
        'Webhook endpoints belong to an integration: manage them with an OAuth access token, not an API key.',
        'integration_required',
        { header: 'X-API-KEY' },
      );
    }
    return { integrationId: credential.token.integrationId, organizationId };
  };
  const allowPrivateNetworks = webhookAllowPrivateNetworks;
  const single = (row: Parameters<typeof endpointResource>[0], withSecret = false) => ({
    data: endpointResource(row, baseUrl, withSecret),
    links: { self: `${baseUrl}${PATH}/${row.id}` },
  });
  const { config: c1, ...list } = route(
    'List webhook endpoints',
    "This integration's endpoints in the organization.",
  );
  app.get(
    PATH,
    {
      config: c1,
      schema: {
        ...list,
        response: { 200: listDocument(EndpointResource), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const rows = await listEndpoints(request.ctx.db, owner(request));
      reply.type(JSONAPI_MEDIA_TYPE);
      return {
        data: rows.map((row) => endpointResource(row, baseUrl)),
        meta: { has_more: false, after_cursor: null, before_cursor: null },
        links: { self: `${baseUrl}${PATH}`, next: null, prev: null },
      };
    },
  );

  const { config: c2, ...create } = route(
    'Create a webhook endpoint',
    'An https URL on a public address and the event types to deliver ("*" for all). The signing secret is in ' +
      'this response only (and in its replay for the same Idempotency-Key).',
  );
  app.post(
    PATH,
    {
      config: c2,
      schema: {
        ...create,
        headers: CreateHeaders,
        body: EndpointCreateBody,
        response: {
          201: singleDocument(EndpointResource),
          ...errorResponses(400, 401, 403, 409, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { data } = request.body;
      if (data.id !== undefined) {
        throw new ForbiddenError(
          'Ids are assigned by the server; leave out data.id.',
          'client_id_unsupported',
          {
            pointer: '/data/id',
          },
        );
      }
      const auth = request.apiAuth;
      const key = request.headers['idempotency-key'];
      const outcome = await writeCreate(
        request.ctx.app.writer,
        auth,
        createEndpoint,
        { owner: owner(request), input: data.attributes, allowPrivateNetworks },
        (row) => ({ status: 201, body: single(row, true) }),
        { key: key === undefined ? undefined : { scope: idempotencyScope(auth), key, body: request.body } },
      );
      if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
      reply.code(201).type(JSONAPI_MEDIA_TYPE).header('Location', outcome.body.links.self);
      return outcome.body;
    },
  );

  const { config: c3, ...get } = route('Get a webhook endpoint', '');
  app.get(
    `${PATH}/:id`,
    {
      config: c3,
      schema: {
        ...get,
        params: IdParams,
        response: { 200: singleDocument(EndpointResource), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.type(JSONAPI_MEDIA_TYPE);
      return single(await requireEndpoint(request.ctx.db, owner(request), request.params.id));
    },
  );

  const { config: c4, ...patch } = route(
    'Change a webhook endpoint',
    'url, events, description; enabled false turns it off, true turns it on again.',
  );
  app.patch(
    `${PATH}/:id`,
    {
      config: c4,
      schema: {
        ...patch,
        params: IdParams,
        body: EndpointUpdateBody,
        response: {
          200: singleDocument(EndpointResource),
          ...errorResponses(400, 401, 403, 404, 409, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { data } = request.body;
      if (data.id !== request.params.id) {
        throw new ConflictError('data.id must be the id in the URL.', 'id_mismatch', { pointer: '/data/id' });
      }
      reply.type(JSONAPI_MEDIA_TYPE);
      const input = data.attributes ?? {};
      const { id } = request.params;
      const writer = request.ctx.app.writer;
      const owned = owner(request);
      return single(
        await write(writer, request.apiAuth, updateEndpoint, {
          owner: owned,
          id,
          input,
          allowPrivateNetworks,
        }),
      );
    },
  );

  const { config: c5, ...rotate } = route(
    'Rotate the signing secret',
    'The new secret is in this response only; the old one stops signing at once.',
  );
  app.post(
    `${PATH}/:id/rotate_secret`,
    {
      config: c5,
      schema: {
        ...rotate,
        params: IdParams,
        response: { 200: singleDocument(EndpointResource), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.type(JSONAPI_MEDIA_TYPE);
      const rotated = await write(request.ctx.app.writer, request.apiAuth, rotateEndpointSecret, {
        owner: owner(request),
        id: request.params.id,
      });
      return single(rotated, true);
    },
  );

  const { config: c6, ...remove } = route('Delete a webhook endpoint', 'Its pending deliveries go with it.');
  app.delete(
    `${PATH}/:id`,
    {
      config: c6,
      schema: {
        ...remove,
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await write(request.ctx.app.writer, request.apiAuth, deleteEndpoint, {
        owner: owner(request),
        id: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );
};
