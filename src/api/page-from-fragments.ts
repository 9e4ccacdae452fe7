/**
 * A list page (without include, fieldsets or search) assembled from serialized resources: the
 * page query fetches only each row's version key (`<id> <updated_at>`), each resource's JSON comes
 * from the fragments kept by version (src/api/resource-fragments.ts), and only the rows not seen in
 * that version are fetched whole and serialized. The page's cursors take their edge rows' values
 * from the same fragments. The document is byte for byte the one the route's schema serializes
 * (test/api/page-fragments.test.ts compares them). A page made of the same versions as when it
 * was last assembled is the bytes kept then (src/api/versioned-pages.ts).
 */
import type { Db } from '../db/database.js';
import type { TextValues } from '../db/text-values.js';
import type { CursorCodec } from '../crm/data/cursor.js';
import { pageLinks } from './documents.js';
import type { Resource } from './jsonapi.js';
import type { ListQuery } from './list-query.js';
import type { ColumnOf, OrganizationTable, ReadContext, ResourceDefinition } from './resource-definition.js';
import { type Fragment, idOfVersionKey, type ResourceFragments, versionKey } from './resource-fragments.js';
import { findRowsByIds } from '../crm/data/record-lookup.js';
import { listVersionKeys, withCursors } from '../crm/data/list-rows.js';
import type { VersionedPages } from './versioned-pages.js';

export interface FragmentPageInput<Table extends OrganizationTable> {
  db: Db;
  /** How the page's version keys are read (src/db/text-values.ts). */
  textValues: TextValues;
  cursors: CursorCodec;
  fragments: ResourceFragments;
  /** Pages by their rows' versions, and the request's key there (organization, user and URL). */
  pages: VersionedPages;
  pageKey: string;
  definition: ResourceDefinition<Table>;
  /** The type's read context (ResourceDefinition.readContext): fragments are kept under its stamp too. */
  context: ReadContext | undefined;
  organizationId: string;
  query: ListQuery<ColumnOf<Table>>;
  baseUrl: string;
  /** The page's own URL (links.self). */
  selfUrl: string;
  /** Serializes one resource as the list document's schema serializes each of its items. */
  serialize: (resource: Resource) => string;
}

const OPEN = '{"data":[';

/**
 * The page's JSON (UTF-8), or undefined when a row changed or went between the two queries (the
 * caller then builds the page from whole rows, as one consistent read).
 */
export async function pageFromFragments<Table extends OrganizationTable>(
  input: FragmentPageInput<Table>,
): Promise<Buffer | undefined> {
  const { db, textValues, cursors, fragments, definition, organizationId, query } = input;
  const { rows: keys, hasMore } = await listVersionKeys(
    db,
    textValues,
    cursors,
    definition,
    organizationId,
    query,
  );
  // What a resource shows besides its row (a booking's space names) keeps its fragments and pages
  // apart from those shown with other names.
  const stamp = input.context?.stamp;
  const kind = stamp === undefined ? definition.type : `${definition.type} ${stamp}`;
  const pageKey = stamp === undefined ? input.pageKey : `${input.pageKey} ${stamp}`;
  const kept = input.pages.get(pageKey, keys, hasMore);
  if (kept !== undefined) return kept;
  const rows: Array<Fragment | undefined> = new Array(keys.length);
  let missing = false;
  for (let i = 0; i < keys.length; i++) {
    const fragment = fragments.get(kind, keys[i]!);
    if (fragment === undefined) missing = true;
    rows[i] = fragment;
  }
  if (missing && !(await serializeMissing(input, kind, keys, rows))) return undefined;
  const column = query.sort.column;
  const page = withCursors({ rows: rows as Fragment[], hasMore }, cursors, query, (fragment) => ({
    value: fragment.sortValues[column],
    id: fragment.id,
  }));
  const links = pageLinks(input.selfUrl, query, page);
  // A cursor is base64url and a dot (src/crm/data/cursor.ts). The next and prev links are the self
  // link's path and query (parts of it, or parts as URLSearchParams writes them: percent-encoded
  // ASCII) and a cursor, so when self needs no escaping, neither do they.
  const link = VERBATIM.test(links.self) ? quoted : jsonString;
  const tail =
    `],"meta":{"has_more":${page.hasMore},"after_cursor":${quoted(page.afterCursor)},` +
    `"before_cursor":${quoted(page.beforeCursor)}},"links":{"self":${link(links.self)},` +
    `"next":${link(links.next)},"prev":${link(links.prev)}}}`;
  const assembled = assemble(page.rows, tail);
  input.pages.set(pageKey, keys, hasMore, assembled);
  return assembled;
}

/**
 * Fetches the rows of `keys` whose fragments were not kept, serializes and keeps them, and puts
 * them in their places in `rows`; false when one of them is no longer in that version.
 */
async function serializeMissing<Table extends OrganizationTable>(
  input: FragmentPageInput<Table>,
  kind: string,
  keys: readonly string[],
  rows: Array<Fragment | undefined>,
): Promise<boolean> {
  const { definition } = input;
  const ids: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    if (rows[i] === undefined) ids.push(idOfVersionKey(keys[i]!));
  }
  const found = await findRowsByIds(input.db, definition, input.organizationId, ids);
  const byKey = new Map(found.map((row) => [versionKey(row.id, row.updated_at), row]));
  for (let i = 0; i < keys.length; i++) {
    if (rows[i] !== undefined) continue;
    const row = byKey.get(keys[i]!);
    if (row === undefined) return false;
    const fragment: Fragment = {
      id: row.id,
      json: Buffer.from(input.serialize(definition.toResource(row, input.baseUrl, input.context))),
      sortValues: Object.fromEntries(definition.sortable.map((column) => [column, row[column]])),
    };
    input.fragments.set(kind, row.updated_at, fragment);
    rows[i] = fragment;
  }
  return true;
}

/** `value`, known to need no escaping, as a JSON string. */
function quoted(value: string | null): string {
  return value === null ? 'null' : `"${value}"`;
}

/** Printable ASCII but `"` and `\`: text JSON writes as it is, between quotes. */
const VERBATIM = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * `value` as JSON.stringify writes it. Cursors and links are almost always printable ASCII with no
 * quote or backslash: checked and quoted, which costs less than JSON.stringify walking each one.
 */
export function jsonString(value: string | null): string {
  if (value === null) return 'null';
  return VERBATIM.test(value) ? `"${value}"` : JSON.stringify(value);
}

/** `{"data":[` the resources, comma-separated, then `tail`: one buffer, each byte copied once. */
function assemble(rows: readonly Fragment[], tail: string): Buffer {
  let length = OPEN.length + Math.max(rows.length - 1, 0) + Buffer.byteLength(tail);
  for (const { json } of rows) length += json.length;
  const page = Buffer.allocUnsafe(length);
  let at = page.write(OPEN, 0, 'latin1');
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) page[at++] = 0x2c; // ,
    const { json } = rows[i]!;
    page.set(json, at);
    at += json.length;
  }
  page.write(tail, at);
  return page;
}
