/** Turning rows into JSON:API documents, with `included` resources and paging links. */
import type { Db } from '../db/database.js';
import type { Resource, ResourceIdentifier } from './jsonapi.js';
import type { ListQuery } from './list-query.js';
import type {
  IncludedResource,
  OrganizationTable,
  ResourceDefinition,
  RowOf,
} from './resource-definition.js';
import type { ResourceRegistry } from './resource-registry.js';
import type { Page } from './resource-store.js';

/** The related resources named by `include`, each once, fetched with one query per type. */
export async function includedResources<Table extends OrganizationTable>(
  db: Db,
  registry: ResourceRegistry,
  definition: ResourceDefinition<Table>,
  organizationId: string,
  rows: ReadonlyArray<RowOf<Table>>,
  include: readonly string[],
  baseUrl: string,
): Promise<IncludedResource[]> {
  const wanted = new Map<string, Set<string>>();
  for (const name of include) {
    const locate = definition.includes[name];
    for (const row of rows) {
      const targets: ReadonlyArray<ResourceIdentifier | null> = [locate?.(row) ?? null].flat();
      for (const target of targets) {
        if (!target) continue;
        if (!wanted.has(target.type)) wanted.set(target.type, new Set());
        wanted.get(target.type)!.add(target.id);
      }
    }
  }
  const found: IncludedResource[] = [];
  for (const [type, ids] of wanted) {
    const source = registry.source(type);
    if (source) found.push(...(await source.load(db, organizationId, [...ids], baseUrl)));
  }
  return found;
}

export function resourcesOf(included: readonly IncludedResource[]): Resource[] {
  return included.map((i) => i.resource);
}

/**
 * `selfUrl` with some query parameters set and others removed. URLSearchParams alone, not
 * `new URL`: parsing the whole URL for every page cost more than building the rest of it; the
 * query is serialized as URL.href would serialize it after the same changes.
 */
function withParams(selfUrl: string, set: Record<string, string>, remove: string[]): string {
  const question = selfUrl.indexOf('?');
  const base = question === -1 ? selfUrl : selfUrl.slice(0, question);
  const params = new URLSearchParams(question === -1 ? '' : selfUrl.slice(question + 1));
  for (const name of remove) params.delete(name);
  for (const name in set) params.set(name, set[name]!);
  return `${base}?${params.toString()}`;
}

export function pageLinks<Row>(selfUrl: string, query: ListQuery, page: Page<Row>) {
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
