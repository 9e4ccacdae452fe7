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
import type { Page } from '../crm/data/list-rows.js';

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

/** Characters a cursor is made of (base64url and a dot), which form encoding leaves as they are. */
const FORM_SAFE = /^[A-Za-z0-9_.-]*$/;

const ENCODED_NAMES = { 'page[after]': 'page%5Bafter%5D', 'page[before]': 'page%5Bbefore%5D' };

/** `name=value` as URLSearchParams serializes it. */
function formPair(name: keyof typeof ENCODED_NAMES, value: string): string {
  return FORM_SAFE.test(value)
    ? `${ENCODED_NAMES[name]}=${value}`
    : new URLSearchParams({ [name]: value }).toString();
}

/** `search` without its cursors, as URLSearchParams writes it. */
function queryWithoutCursors(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('page[after]');
  params.delete('page[before]');
  return params.toString();
}

/** A pair URLSearchParams leaves alone but for brackets, written or percent-encoded (no other %, no +). */
const PLAIN_PAIR = /^(?:[A-Za-z0-9*._\-[\]=]|%5[BbDd])*$/;

/** Brackets as URLSearchParams decodes them (`%5B` and `%5b` are both `[`). */
const decodeBrackets = (text: string) =>
  text.includes('%')
    ? text.replaceAll('%5B', '[').replaceAll('%5b', '[').replaceAll('%5D', ']').replaceAll('%5d', ']')
    : text;

/** A bracket URLSearchParams would write otherwise: written as it is, or percent-encoded in lower case. */
const UNNORMAL_BRACKET = /[[\]]|%5[bd]/;

/** `pair` with its brackets as URLSearchParams writes them (`%5B`, `%5D`). */
const normalBrackets = (pair: string) =>
  UNNORMAL_BRACKET.test(pair) ? decodeBrackets(pair).replaceAll('[', '%5B').replaceAll(']', '%5D') : pair;

/**
 * What queryWithoutCursors gives, without parsing and serializing each pair, for the queries
 * clients send: written by hand (`sort=-created_at&page[size]=25&page[after]=…`) or taken from a
 * link this API wrote (brackets percent-encoded); undefined for any other. A cursor's pair goes
 * whatever its value holds, as URLSearchParams deletes it by its name alone, so only the short
 * pairs that stay are looked at.
 */
function plainQueryWithoutCursors(search: string): string | undefined {
  let rest = '';
  for (const pair of search.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (!PLAIN_PAIR.test(name)) return undefined;
    const decoded = decodeBrackets(name);
    if (decoded === 'page[after]' || decoded === 'page[before]') continue;
    if (!PLAIN_PAIR.test(pair) || (equals !== -1 && pair.indexOf('=', equals + 1) !== -1)) return undefined;
    rest += `${rest ? '&' : ''}${normalBrackets(equals === -1 ? `${pair}=` : pair)}`;
  }
  return rest;
}

/**
 * The page's links. Those to the next and previous pages are `selfUrl` without its cursors and
 * with the new one last, serialized as URL.href would serialize it after the same changes (a `#`
 * sent in the query stays in it, as the server read it; one in the path is dropped); its query is
 * parsed once, with URLSearchParams alone (no `new URL`: parsing the whole URL for every
 * page cost more than building the rest of it).
 */
export function pageLinks<Row>(selfUrl: string, query: ListQuery, page: Page<Row>) {
  const backwards = query.before !== undefined;
  const hasNext = backwards ? page.rows.length > 0 : page.hasMore;
  const hasPrev = backwards ? page.hasMore : query.after !== undefined && page.rows.length > 0;
  const after = hasNext ? page.afterCursor : null;
  const before = hasPrev ? page.beforeCursor : null;
  if (!after && !before) return { self: selfUrl, next: null, prev: null };
  const question = selfUrl.indexOf('?');
  const search = question === -1 ? '' : selfUrl.slice(question + 1);
  const rest = plainQueryWithoutCursors(search) ?? queryWithoutCursors(search);
  const path = question === -1 ? selfUrl : selfUrl.slice(0, question);
  const fragment = path.indexOf('#');
  const start = `${fragment === -1 ? path : path.slice(0, fragment)}?${rest}${rest ? '&' : ''}`;
  return {
    self: selfUrl,
    next: after ? start + formPair('page[after]', after) : null,
    prev: before ? start + formPair('page[before]', before) : null,
  };
}
