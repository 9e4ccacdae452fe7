/**
 * The read side of a resource, for every resource alike: `GET /path` (a cursor page with
 * filters, sort and include) and `GET /path/{id}` (one resource with an ETag, honouring
 * If-None-Match). Schemas generated from the resource definition validate, serialize and
 * document both.
 */
import { type TSchema, Type } from '@fastify/type-provider-typebox';
import type { App } from '../app.js';
import type { Config } from '../config.js';
import type { ChangeClock } from '../db/change-clock.js';
import type { Db } from '../db/database.js';
import { FreshCache } from '../db/fresh-cache.js';
import { NotFoundError } from '../errors.js';
import { type DefinitionRegistry, includedResources, pageLinks } from './documents.js';
import { etagOf, noneMatch } from './etag.js';
import { errorResponses, JSONAPI_MEDIA_TYPE, listDocument, singleDocument } from './jsonapi.js';
import { listQuerySchema, parseInclude, parseListQuery } from './list-query.js';
import type { ResourceDefinition } from './resource-definition.js';
import { findRow, listRows } from './resource-store.js';

export const ApiHeaders = Type.Object({
  'x-api-org': Type.Optional(Type.String({ description: 'The organization to act in (see GET /v2/me)' })),
});

export interface ReadRoutesOptions {
  db: Db;
  config: Config;
  changes: ChangeClock;
  registry: DefinitionRegistry;
  definition: ResourceDefinition;
  path: string;
  resource: TSchema;
  tag: string;
  noun: string;
}

export const IdParams = Type.Object({ id: Type.String({ maxLength: 64, description: 'The resource id' }) });

/**
 * Serialized list pages kept per resource type: about 20 KB each at the default page size; larger
 * ones (big pages with includes) are served but not kept, so the pages of all four types take at
 * most 16 MB.
 */
const PAGE_CACHE_SIZE = 64;
const MAX_KEPT_PAGE_BYTES = 64 * 1024;

export function registerReadRoutes(app: App, options: ReadRoutesOptions): void {
  const { db, config, changes, registry, definition, path, resource, tag, noun } = options;
  // A page is the same document for every request with the same organization, user (filters may
  // say "me") and URL, until anything is committed (src/db/fresh-cache.ts).
  const pages = new FreshCache<Buffer>(
    changes,
    PAGE_CACHE_SIZE,
    (page) => page.length <= MAX_KEPT_PAGE_BYTES,
  );
  const security: Array<Record<string, string[]>> = [{ bearer: [] }, { oauth2: ['crm_read'] }];

  app.get(
    path,
    {
      config: { scope: 'crm_read' },
      schema: {
        tags: [tag],
        summary: `List ${noun}`,
        description: `A page of the organization's ${noun}. Needs crm_read.`,
        security,
        headers: ApiHeaders,
        querystring: listQuerySchema(definition),
        response: { 200: listDocument(resource), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const auth = request.apiAuth;
      const body = await pages.get(
        `${auth.organizationId} ${auth.userId} ${request.url}`,
        async () => {
          const query = parseListQuery(definition, request.query as Record<string, string>, auth.userId);
          const page = await listRows(db, definition, auth.organizationId, query);
          const included = query.include.length
            ? await includedResources(
                db,
                registry,
                definition,
                auth.organizationId,
                page.rows,
                query.include,
                config.baseUrl,
              )
            : undefined;
          // Serialized by the route's 200 schema, as a returned object would be.
          const serialized = reply.serialize({
            data: page.rows.map((row) => definition.toResource(row, config.baseUrl)),
            ...(included ? { included: included.resources } : {}),
            meta: {
              has_more: page.hasMore,
              after_cursor: page.afterCursor,
              before_cursor: page.beforeCursor,
            },
            links: pageLinks(`${config.baseUrl}${request.url}`, query, page),
          }) as string;
          // Kept encoded, so a cached page costs no UTF-8 encoding either.
          return Buffer.from(serialized);
        },
        auth.changeReading,
      );
      // Bytes are sent as they are (they were serialized by the route's schema above).
      return reply.type(JSONAPI_MEDIA_TYPE).send(body as never);
    },
  );

  app.get(
    `${path}/:id`,
    {
      config: { scope: 'crm_read' },
      schema: {
        tags: [tag],
        summary: `Get one of the ${noun}`,
        description: 'Returns an ETag; send it as If-None-Match to get 304 when nothing changed.',
        security,
        headers: ApiHeaders,
        params: IdParams,
        querystring: Type.Object(
          Object.keys(definition.includes).length ? { include: Type.Optional(Type.String()) } : {},
          { additionalProperties: false },
        ),
        response: {
          200: singleDocument(resource),
          304: Type.Null(),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const auth = request.apiAuth;
      const include = parseInclude(definition, (request.query as { include?: string }).include);
      const row = await findRow(db, definition, auth.organizationId, request.params.id);
      if (!row) throw new NotFoundError(`No ${definition.type} resource has the id "${request.params.id}".`);
      const included = include.length
        ? await includedResources(
            db,
            registry,
            definition,
            auth.organizationId,
            [row],
            include,
            config.baseUrl,
          )
        : undefined;
      const etag = etagOf([
        { type: definition.type, id: row.id, updatedAt: row.updated_at },
        ...(included?.rows ?? []).map((r) => ({ type: r.type, id: r.row.id, updatedAt: r.row.updated_at })),
      ]);
      reply.header('ETag', etag);
      if (!noneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      reply.type(JSONAPI_MEDIA_TYPE);
      return {
        data: definition.toResource(row, config.baseUrl),
        ...(included ? { included: included.resources } : {}),
        links: { self: `${config.baseUrl}${request.url}` },
      };
    },
  );
}
