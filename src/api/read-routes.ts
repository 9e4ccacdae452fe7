/**
 * The read side of a resource, for every resource alike: `GET /path` (a cursor page with
 * filters, sort, include and sparse fieldsets) and `GET /path/{id}` (one resource with an ETag,
 * honouring If-None-Match). Schemas generated from the resource definition validate, serialize
 * and document both. The resource becomes includable from every other resource.
 */
import { Type } from 'typebox';
import type { App } from '../http/app-instance.js';
import { NotFoundError } from '../errors.js';
import { includedResources, resourcesOf } from './documents.js';
import { etagOf, noneMatch } from '../crm/data/etag.js';
import { errorResponses, JSONAPI_MEDIA_TYPE, listDocument, singleDocument } from './jsonapi.js';
import { listQuerySchema, parseInclude } from './list-query.js';
import type { OrganizationTable, ResourceDefinition } from './resource-definition.js';
import { definitionSource } from './resource-registry.js';
import { findRow } from '../crm/data/record-lookup.js';
import { listPage } from './list-page.js';
import { ApiHeaders, IdParams, READ_SECURITY } from './route-schemas.js';
import {
  fieldsetsKey,
  fieldsQueryProperties,
  parseFieldsets,
  sparse,
  sparseResourceSchema,
} from './sparse-fields.js';

type Query = Record<string, string>;

export function registerReadRoutes<Table extends OrganizationTable>(
  app: App,
  definition: ResourceDefinition<Table>,
): void {
  const { db, config } = app.ctx;
  const registry = app.resources;
  registry.add(definitionSource(definition));
  const { schema, tag, noun } = definition;
  const fieldsOf = (type: string) => registry.fieldsOf(type);
  // Sparse documents are serialized by schemas whose fields are optional (built once: Fastify
  // caches a compiled serializer per schema object).
  type SerializationSchema = Record<string, unknown>;
  const sparseList = listDocument(sparseResourceSchema(schema)) as unknown as SerializationSchema;
  const sparseSingle = singleDocument(sparseResourceSchema(schema)) as unknown as SerializationSchema;
  const listSchema = listQuerySchema(definition);
  const singleSchema = Type.Object(
    {
      ...(Object.keys(definition.includes).length ? { include: Type.Optional(Type.String()) } : {}),
      ...fieldsQueryProperties(definition.type, schema),
    },
    { additionalProperties: false },
  );

  for (const path of [definition.path, ...(definition.alsoAt ?? [])]) {
    app.get(
      path,
      {
        config: { scope: 'crm_read' },
        schema: {
          tags: [tag],
          summary: `List ${noun}`,
          description: `A page of the organization's ${noun}. Needs crm_read.`,
          security: READ_SECURITY,
          headers: ApiHeaders,
          querystring: listSchema,
          response: { 200: listDocument(schema), ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request, reply) => {
        const body = await listPage(app, request, reply, definition, sparseList);
        // The string or buffer is sent as it is (it was serialized by the route's schema).
        // Returned rather than passed to reply.send: a handler that returns the reply has Fastify
        // wait on the response's end with listeners of its own, on every request.
        reply.type(JSONAPI_MEDIA_TYPE);
        return body as never;
      },
    );

    app.get(
      `${path}/:id`,
      {
        config: { scope: 'crm_read' },
        schema: {
          tags: [tag],
          summary: `Get one of the ${noun}`,
          description:
            'Returns an ETag; send it as If-None-Match to get 304 when nothing changed, or (read without include ' +
            'or fields) as If-Match of a change. With include or fields the ETag is weak and covers the ' +
            'included resources and the fieldsets too.',
          security: READ_SECURITY,
          headers: ApiHeaders,
          params: IdParams,
          querystring: singleSchema,
          response: {
            200: singleDocument(schema),
            304: Type.Null(),
            ...errorResponses(400, 401, 403, 404, 429),
          },
        },
      },
      async (request, reply) => {
        const auth = request.apiAuth;
        const raw = request.query as Query;
        const include = parseInclude(definition, raw.include);
        const fieldsets = parseFieldsets(raw, fieldsOf);
        const row = await findRow(db, definition, auth.organizationId, request.params.id);
        if (!row)
          throw new NotFoundError(`No ${definition.type} resource has the id "${request.params.id}".`);
        const context = await request.ctx.readContext(definition, auth.organizationId);
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
          : [];
        // With include or fields the document is more, or less, than the resource: its tag is weak
        // (RFC 9110 §8.8.1), good for If-None-Match; If-Match of a change needs the resource's own.
        const tag = etagOf(
          [
            { type: definition.type, id: row.id, updatedAt: row.updated_at },
            ...included.map((i) => ({ type: i.resource.type, id: i.resource.id, updatedAt: i.updatedAt })),
          ],
          fieldsets && fieldsetsKey(fieldsets),
          context && definition.derived && JSON.stringify(definition.derived.values(row, context)),
        );
        const etag = include.length || fieldsets ? `W/${tag}` : tag;
        reply.header('ETag', etag);
        if (!noneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
        reply.type(JSONAPI_MEDIA_TYPE);
        const document = {
          data: sparse(definition.toResource(row, config.baseUrl, context), fieldsets),
          ...(include.length ? { included: resourcesOf(included).map((r) => sparse(r, fieldsets)) } : {}),
          links: { self: `${config.baseUrl}${request.url}` },
        };
        if (!fieldsets) return document;
        return reply.compileSerializationSchema(sparseSingle)(document) as never;
      },
    );
  }
}
