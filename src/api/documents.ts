/** Turning rows into JSON:API documents, with `included` resources and paging links. */
import type { Db } from '../db/database.js';
import type { Resource, ResourceIdentifier } from './jsonapi.js';
import type { ListQuery } from './list-query.js';
import type { ResourceDefinition, Row } from './resource-definition.js';
import { findRowsByIds, type Page } from './resource-store.js';

export type DefinitionRegistry = ReadonlyMap<string, ResourceDefinition>;

/** The related resources named by `include`, each once, fetched with one query per type. */
export async function includedResources(
  db: Db,
  registry: DefinitionRegistry,
  definition: ResourceDefinition,
  organizationId: string,
  rows: readonly Row[],
  include: readonly string[],
  baseUrl: string,
): Promise<{ resources: Resource[]; rows: Array<{ type: string; row: Row }> }> {
  const wanted = new Map<string, Set<string>>();
  for (const name of include) {
    const locate = definition.includes[name];
    for (const row of rows) {
      const target: ResourceIdentifier | null | undefined = locate?.(row);
      if (!target) continue;
      if (!wanted.has(target.type)) wanted.set(target.type, new Set());
      wanted.get(target.type)!.add(target.id);
    }
  }
  const resources: Resource[] = [];
  const found: Array<{ type: string; row: Row }> = [];
  for (const [type, ids] of wanted) {
    const related = registry.get(type);
    if (!related) continue;
    for (const row of await findRowsByIds(db, related, organizationId, [...ids])) {
      resources.push(related.toResource(row, baseUrl));
      found.push({ type, row });
    }
  }
  return { resources, rows: found };
}

function withParams(selfUrl: string, set: Record<string, string>, remove: string[]): string {
  const url = new URL(selfUrl);
  for (const name of remove) url.searchParams.delete(name);
  for (const [name, value] of Object.entries(set)) url.searchParams.set(name, value);
  return url.href;
}

export function pageLinks(selfUrl: string, query: ListQuery, page: Page) {
  const backwards = query.before !== undefined;
  const hasNext = backwards ? page.rows.length > 0 : page.hasMore;
  const hasPrev = backwards ? page.hasMore : query.after !== undefined && page.rows.length > 0;
  const cursors = ['page[after]', 'page[before]'];
  return {
    self: selfUrl,
    next:
      hasNext && page.afterCursor ? withParams(selfUrl, { 'page[after]': page.afterCursor }, cursors) : null,
    prev:
      hasPrev && page.beforeCursor
        ? withParams(selfUrl, { 'page[before]': page.beforeCursor }, cursors)
        : null,
  };
}
