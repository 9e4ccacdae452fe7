/**
 * List pages assembled from serialized resources kept by version (src/api/page-from-fragments.ts):
 * the same bytes as the route's schema serializes, every page of a walk in either direction, and
 * a changed row shown in its new version while the other rows' fragments are reused.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { jsonString } from '../../src/api/page-from-fragments.js';
import { accountDefinition } from '../../src/crm/accounts/index.js';
import { bookingDefinition } from '../../src/crm/bookings/booking.resource.js';
import { contactDefinition } from '../../src/crm/contacts/index.js';
import { noteDefinition } from '../../src/crm/notes/note.resource.js';
import { spaceDefinition } from '../../src/crm/spaces/space.resource.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, makeCrm, noteBody, okText, type CrmFixture } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { apiFor, type Api, changeDocument, spaceDocument } from '../helpers/writes.js';

interface Resource {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, unknown>;
}
interface Page {
  data: Resource[];
  meta: { after_cursor: string | null; before_cursor: string | null };
  links: { self: string; next: string | null; prev: string | null };
}

const TYPES = ['bookings', 'accounts', 'contacts', 'spaces', 'notes'] as const;
/** Each list's sortable columns: a page's cursors take its edge rows' values of the sort column. */
const SORTABLE: Record<(typeof TYPES)[number], readonly string[]> = {
  bookings: bookingDefinition.sortable,
  accounts: accountDefinition.sortable,
  contacts: contactDefinition.sortable,
  spaces: spaceDefinition.sortable,
  notes: noteDefinition.sortable,
};
const pathOf = (type: string) => (type === 'notes' ? '/notes' : `/v2/${type}`);

/** The link without `fields[…]`: what the same page's link is when no fieldset is asked for. */
function withoutFields(link: string | null): string | null {
  if (link === null) return null;
  const url = new URL(link);
  for (const name of [...url.searchParams.keys()])
    if (name.startsWith('fields[')) url.searchParams.delete(name);
  return url.href;
}

it('writes cursors and links as JSON.stringify does, whatever characters they hold', () => {
  const texts = [
    '',
    'http://127.0.0.1:8080/notes?sort=-created_at&page%5Bafter%5D=WyJj.x_-',
    'a "quoted" word',
    'back\\slash',
    'tab\tnewline\nnul\u0000del\u007f',
    'ünïcode ✓ and 😀',
    'lone \ud800 surrogate',
  ];
  for (const text of texts) assert.equal(jsonString(text), JSON.stringify(text), text);
  assert.equal(jsonString(null), 'null');
});

eachDatabase((suite) => {
  let server: TestServer;
  let crm: CrmFixture;
  let api: Api;
  let token: string;
  const text = (path: string) => okText(server, path, token, crm.venue.orgId);

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    crm = await makeCrm(suite.db, 7);
    token = await clientCredentialsToken(server, crm.venue);
    api = apiFor(server, token, crm.venue.orgId);
    for (const name of ['Ballroom', 'Garden "East" — Café', 'Roof']) {
      assert.equal((await api('/v2/spaces', { method: 'POST', body: spaceDocument({ name }) })).status, 201);
    }
    for (let i = 0; i < 5; i++) {
      const body = noteBody('bookings', crm.bookingIds[i % 2]!, `Note ${i}: "quotes", \\ and ünïcode ✓`);
      assert.equal((await api('/notes', { method: 'POST', body })).status, 201);
    }
  });
  after(() => server.close());

  it('serializes every page of every list in every sort as the schema does, walking forwards and back', async () => {
    for (const type of TYPES) {
      assert.ok(SORTABLE[type].length >= 2, type);
      for (const sort of SORTABLE[type].flatMap((column) => [column, `-${column}`])) {
        const first = JSON.parse(await text(`${pathOf(type)}?page[size]=100`)) as Page;
        const resource = first.data[0]!;
        const fields = [...Object.keys(resource.attributes), ...Object.keys(resource.relationships ?? {})];
        const full = `fields[${type}]=${fields.join(',')}`;
        // Forwards with page[after], then back from the last page with page[before].
        let next: string | null = `${pathOf(type)}?sort=${sort}&page[size]=2`;
        let last: Page | undefined;
        let pages = 0;
        while (next) {
          const assembled = await text(next);
          const canonical = JSON.parse(await text(`${next}&${full}`)) as Page;
          canonical.links = {
            // The page's own URL as requested, without the fieldset appended above.
            self: canonical.links.self.slice(0, -`&${full}`.length),
            next: withoutFields(canonical.links.next),
            prev: withoutFields(canonical.links.prev),
          };
          assert.equal(assembled, JSON.stringify(canonical), `${type} ${next}`);
          last = JSON.parse(assembled) as Page;
          next = last.links.next ? new URL(last.links.next).pathname + new URL(last.links.next).search : null;
          pages++;
        }
        assert.ok(pages >= 2, `${type} has more than one page`);
        const back = JSON.parse(
          await text(`${pathOf(type)}?sort=${sort}&page[size]=2&page[before]=${last!.meta.before_cursor}`),
        ) as Page;
        assert.equal(back.data.length, 2, `${type}: the page before the last`);
      }
    }
  });

  it('writes links whose query holds characters JSON escapes as the schema does', async () => {
    // A backslash stays raw in a URL's query (URL encodes quotes and non-ASCII characters).
    const filter = `filter[notable_id][in]=${crm.bookingIds[0]},${crm.bookingIds[1]},a\\`;
    for (const query of [`page[size]=2&sort=-created_at&${filter}`, `page%5Bsize%5D=2&${filter}`]) {
      const path = `/notes?${query}`;
      const assembled = await text(path);
      const full =
        '&fields[notes]=body,content,notable_type,notable_id,for_beo,created_at,updated_at,notable,author';
      const canonical = JSON.parse(await text(`${path}${full}`)) as Page;
      canonical.links = {
        self: canonical.links.self.slice(0, -full.length),
        next: withoutFields(canonical.links.next),
        prev: withoutFields(canonical.links.prev),
      };
      assert.ok(canonical.links.self.includes('\\') && canonical.links.next, canonical.links.self);
      assert.equal(assembled, JSON.stringify(canonical), path);
    }
  });

  it('serializes an empty page as the schema does', async () => {
    const path = '/v2/bookings?filter[start_at][gt]=2999-01-01T00:00:00Z&page[size]=3';
    const assembled = await text(path);
    const canonical = JSON.parse(await text(`${path}&fields[bookings]=name`)) as Page;
    canonical.links = {
      ...canonical.links,
      self: canonical.links.self.replace('&fields[bookings]=name', ''),
    };
    assert.equal(JSON.parse(assembled).data.length, 0);
    assert.equal(assembled, JSON.stringify(canonical));
  });

  it('shows a changed row in its new version and reuses the fragments of the rows that did not change', async () => {
    const fragments = server.app.ctx.caches.fragments;
    const before = JSON.parse(await text('/v2/bookings?page[size]=5')) as Page;
    const changed = before.data[2]!;
    const read = await api(`/v2/bookings/${changed.id}`);
    const renamed = await api(`/v2/bookings/${changed.id}`, {
      method: 'PATCH',
      headers: { 'if-match': read.headers.get('etag')! },
      body: changeDocument('bookings', changed.id, { name: 'Renamed in place' }),
    });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    const hits = fragments.hits;
    const misses = fragments.misses;
    const after = JSON.parse(await text('/v2/bookings?page[size]=5')) as Page;
    assert.equal(after.data.find((b) => b.id === changed.id)?.attributes.name, 'Renamed in place');
    assert.deepEqual(
      after.data.filter((b) => b.id !== changed.id),
      before.data.filter((b) => b.id !== changed.id),
    );
    assert.equal(fragments.misses - misses, 1, 'only the changed booking is serialized again');
    assert.equal(fragments.hits - hits, 4);
  });
});
