/**
 * A list page (without include, fieldsets or search) assembled from serialized resources: the
 * page query fetches only each row's id, version and sort value, each resource's JSON comes from
 * the fragments kept by version (src/api/resource-fragments.ts), and only the rows not seen in
 * that version are fetched whole and serialized. The document is byte for byte the one the route's
 * schema serializes (test/api/page-fragments.test.ts compares them).
 */
import type { Db } from '../db/database.js';
import type { CursorCodec } from './cursor.js';
import { pageLinks } from './documents.js';
import type { Resource } from './jsonapi.js';
import type { ListQuery } from './list-query.js';
import type { ColumnOf, OrganizationTable, ResourceDefinition } from './resource-definition.js';
import type { ResourceFragments } from './resource-fragments.js';
import { findRowsByIds, listVersions } from './resource-store.js';

export interface FragmentPageInput<Table extends OrganizationTable> {
  db: Db;
  cursors: CursorCodec;
  fragments: ResourceFragments;
  definition: ResourceDefinition<Table>;
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
  const { db, fragments, definition, organizationId, baseUrl } = input;
  const page = await listVersions(db, input.cursors, definition, organizationId, input.query);
  const { type } = definition;
  const { rows } = page;
  const jsons: Array<Buffer | undefined> = new Array(rows.length);
  const missing: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const [id, version] = rows[i]!;
    const json = fragments.get(type, id, version);
    if (json === undefined) missing.push(i);
    jsons[i] = json;
  }
  if (missing.length > 0) {
    const found = new Map(
      (
        await findRowsByIds(
          db,
          definition,
          organizationId,
          missing.map((i) => rows[i]![0]),
        )
      ).map((r) => [r.id, r]),
    );
    for (const i of missing) {
      const [id, version] = rows[i]!;
      const row = found.get(id);
      if (row?.updated_at !== version) return undefined;
      const json = Buffer.from(input.serialize(definition.toResource(row, baseUrl)));
      fragments.set(type, id, version, json);
      jsons[i] = json;
    }
  }
  const links = pageLinks(input.selfUrl, input.query, page);
  // A cursor is base64url and a dot (src/api/cursor.ts). The next and prev links are the self
  // link's path and query (parts of it, or parts as URLSearchParams writes them: percent-encoded
  // ASCII) and a cursor, so when self needs no escaping, neither do they.
  const link = VERBATIM.test(links.self) ? quoted : jsonString;
  const tail =
    `],"meta":{"has_more":${page.hasMore},"after_cursor":${quoted(page.afterCursor)},` +
    `"before_cursor":${quoted(page.beforeCursor)}},"links":{"self":${link(links.self)},` +
    `"next":${link(links.next)},"prev":${link(links.prev)}}}`;
  return assemble(jsons as Buffer[], tail);
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
function assemble(jsons: readonly Buffer[], tail: string): Buffer {
  let length = OPEN.length + Math.max(jsons.length - 1, 0) + Buffer.byteLength(tail);
  for (const json of jsons) length += json.length;
  const page = Buffer.allocUnsafe(length);
  let at = page.write(OPEN, 0, 'latin1');
  for (let i = 0; i < jsons.length; i++) {
    if (i > 0) page[at++] = 0x2c; // ,
    const json = jsons[i]!;
    page.set(json, at);
    at += json.length;
  }
  page.write(tail, at);
  return page;
}
