/**
 * A list page of the API as the bytes sent: the one call behind every `GET /v2/<resources>`. Each
 * speed-up of the read side lives behind it, with the bench row that keeps it
 * (docs/performance.md): the page cache (an unchanged page is the bytes served before), pages
 * assembled from resources serialized by version (no include, fieldsets or search), and otherwise
 * the rows of one keyset query serialized by the route's schema.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../http/app-instance.js';
import { includedResources, pageLinks, resourcesOf } from './documents.js';
import { readsClock } from './clock-filters.js';
import { parseListQuery } from './list-query.js';
import { pageFromFragments } from './page-from-fragments.js';
import type { OrganizationTable, ResourceDefinition } from './resource-definition.js';
import { listRows } from '../crm/data/list-rows.js';
import { parseFieldsets, sparse } from './sparse-fields.js';

type Query = Record<string, string>;

export async function listPage<Table extends OrganizationTable>(
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
  definition: ResourceDefinition<Table>,
  /** The serialization schema of a page with sparse fieldsets. */
  sparseList: Record<string, unknown>,
): Promise<string | Buffer> {
  const { db, config, caches } = app.ctx;
  const auth = request.apiAuth;
  const registry = app.resources;
  // A page is the same document for every request with the same organization, user (filters may
  // say "me") and URL (fieldsets included), until its organization's data changes
  // (src/db/fresh-cache.ts).
  const pageKey = `${auth.organizationId} ${auth.userId} ${request.url}`;
  const selfUrl = `${config.baseUrl}${request.url}`;
  const raw = request.query as Query;
  const load = async () => {
    const context = await request.ctx.readContext(definition, auth.organizationId);
    const custom = definition.customFields?.(context);
    const query = parseListQuery(definition, raw, auth.userId, app.ctx.clock.now(), custom);
    const fieldsets = parseFieldsets(raw, (type) => registry.fieldsOf(type));
    // A page in a custom field's order is read whole (its cursors read the value from the row).
    const fragments = !fieldsets && query.include.length === 0 && query.search === undefined;
    if (fragments && !query.sort.custom) {
      const assembled = await pageFromFragments({
        db,
        textValues: app.ctx.textValues,
        cursors: app.cursors,
        fragments: caches.fragments,
        pages: caches.pageVersions,
        pageKey,
        definition,
        context,
        organizationId: auth.organizationId,
        query,
        baseUrl: config.baseUrl,
        selfUrl,
        serialize: reply.compileSerializationSchema(definition.schema as never) as (
          resource: unknown,
        ) => string,
      });
      if (assembled !== undefined) return assembled;
    }
    const page = await listRows(db, app.cursors, definition, auth.organizationId, query);
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
    const document = {
      data: page.rows.map((row) => sparse(definition.toResource(row, config.baseUrl, context), fieldsets)),
      ...(included ? { included: resourcesOf(included).map((r) => sparse(r, fieldsets)) } : {}),
      meta: {
        has_more: page.hasMore,
        after_cursor: page.afterCursor,
        before_cursor: page.beforeCursor,
        ...(page.incomplete ? { incomplete_results: true } : {}),
      },
      links: pageLinks(selfUrl, query, page),
    };
    // Serialized by the route's 200 schema (or its sparse twin), as a returned object would be.
    return fieldsets
      ? reply.compileSerializationSchema(sparseList)(document)
      : (reply.serialize(document) as string);
  };
  // A list filtered against the clock (overdue tasks) changes as time passes, not only when its
  // organization's data does: it is read afresh each time.
  if (readsClock(definition, raw)) return load();
  return request.ctx.cached(caches.pages, pageKey, load, auth.organizationId);
}
