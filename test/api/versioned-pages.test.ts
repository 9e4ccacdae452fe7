/**
 * Pages kept by their rows' versions (src/api/versioned-pages.ts): served again, byte for byte,
 * while a fresh read of the rows' versions gives the same keys and the same has_more, also after
 * a commit elsewhere in the organization has emptied the page cache; assembled again as soon as a
 * row of the page changes, a row joins it or more rows follow it; bounded by bytes.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { VersionedPages } from '../../src/api/versioned-pages.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, makeCrm, noteBody, okText, type CrmFixture } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { apiFor, type Api, changeDocument } from '../helpers/writes.js';

const A = ['a 2026-01-01T00:00:00.000Z', 'b 2026-01-01T00:00:00.000Z'];
const page = (text: string) => Buffer.from(text);
/** Fresh strings, as a page query's JSON gives them: equal by content, not the same objects. */
const fresh = (keys: readonly string[]) => keys.map((key) => JSON.parse(JSON.stringify(key)) as string);

it('gives a page back only for the same key, the same versions in the same order and the same has_more', () => {
  const pages = new VersionedPages(1024, 512);
  const kept = page('{"data":[]}');
  pages.set('org user /notes', A, false, kept);
  assert.equal(pages.get('org user /notes', fresh(A), false), kept);
  assert.equal(pages.get('org user /notes?page[size]=2', A, false), undefined, 'another URL');
  assert.equal(pages.get('org other /notes', A, false), undefined, 'another user');
  assert.equal(pages.get('org user /notes', [...A].reverse(), false), undefined, 'another order');
  assert.equal(pages.get('org user /notes', [A[0]!, 'b 2026-01-01T00:00:00.001Z'], false), undefined);
  assert.equal(pages.get('org user /notes', A.slice(0, 1), false), undefined, 'a row fewer');
  assert.equal(pages.get('org user /notes', A, true), undefined, 'more rows follow now');
  assert.deepEqual([pages.hits, pages.misses], [1, 6]);
});

it('keeps one page per key, counts its bytes, lets the oldest go first and keeps no page over the largest', () => {
  const pages = new VersionedPages(1000, 400);
  const sizeOf = (bytes: number, rows: number) => bytes + rows * 96;
  pages.set('one', A, false, page('x'.repeat(100)));
  pages.set('one', A, true, page('y'.repeat(150)));
  assert.equal(pages.size, 1, 'a newer page replaces the older one under the same key');
  assert.equal(pages.bytes, sizeOf(150, 2));
  assert.equal(pages.get('one', A, false), undefined);
  pages.set('two', A, false, page('z'.repeat(300)));
  pages.set('three', A, false, page('w'.repeat(300)));
  assert.equal(pages.get('one', A, true), undefined, 'the oldest went to make room');
  assert.ok(pages.get('two', A, false) && pages.get('three', A, false));
  assert.equal(pages.bytes, 2 * sizeOf(300, 2));
  pages.set('big', [], false, page('v'.repeat(401)));
  assert.equal(pages.get('big', [], false), undefined, 'over the largest page kept');
  assert.equal(pages.size, 2);
});

interface Page {
  data: Array<{ id: string; attributes: Record<string, unknown> }>;
  meta: { has_more: boolean };
  links: { next: string | null };
}

eachDatabase((suite) => {
  let server: TestServer;
  let crm: CrmFixture;
  let api: Api;
  let token: string;
  const text = (path: string) => okText(server, path, token, crm.venue.orgId);
  const addNote = async (bookingId: string) => {
    const created = await api('/notes', { method: 'POST', body: noteBody('bookings', bookingId) });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body.data.id;
  };
  /** How the versioned pages and the page cache answered while `read` ran. */
  const counting = async <T>(read: () => Promise<T>) => {
    const { pageVersions, pages } = server.app.ctx.caches;
    const before = [pageVersions.hits, pageVersions.misses, pages.hits];
    const value = await read();
    return {
      value,
      kept: pageVersions.hits - before[0]!,
      assembled: pageVersions.misses - before[1]!,
      cached: pages.hits - before[2]!,
    };
  };

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    crm = await makeCrm(suite.db, 6);
    token = await clientCredentialsToken(server, crm.venue);
    api = apiFor(server, token, crm.venue.orgId);
  });
  after(() => server.close());

  it('serves a page whose rows did not change as kept, after a commit in the organization emptied the page cache', async () => {
    const path = '/v2/bookings?sort=name&page[size]=3';
    const first = await counting(() => text(path));
    assert.deepEqual([first.kept, first.assembled], [0, 1]);
    const second = await counting(() => text(path));
    assert.deepEqual([second.kept, second.assembled, second.value], [1, 0, first.value]);
    // A note is a commit in the organization: the page cache forgets the organization's pages.
    await addNote(crm.bookingIds[5]!);
    const again = await counting(() => text(path));
    assert.deepEqual([again.cached, again.kept, again.assembled], [0, 1, 0]);
    assert.equal(again.value, first.value, 'the same bytes');
  });

  it('assembles a page again when one of its rows changed, and shows the change', async () => {
    const path = '/v2/bookings?sort=name&page[size]=4';
    const before = JSON.parse(await text(path)) as Page;
    const changed = before.data[1]!;
    const read = await api(`/v2/bookings/${changed.id}`);
    const renamed = await api(`/v2/bookings/${changed.id}`, {
      method: 'PATCH',
      headers: { 'if-match': read.headers.get('etag')! },
      body: changeDocument('bookings', changed.id, { guest_count: 999 }),
    });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    const after = await counting(() => text(path));
    assert.deepEqual([after.kept, after.assembled], [0, 1]);
    const shown = JSON.parse(after.value) as Page;
    assert.equal(shown.data.find((b) => b.id === changed.id)?.attributes.guest_count, 999);
    assert.deepEqual(
      shown.data.map((b) => b.id),
      before.data.map((b) => b.id),
    );
    await addNote(crm.bookingIds[5]!);
    const next = await counting(() => text(path));
    assert.deepEqual([next.kept, next.value], [1, after.value], 'kept again in its new version');
  });

  it('assembles a page again when a row joins it or when more rows come to follow it', async () => {
    const booking = crm.bookingIds[0]!;
    const newest = `/notes?sort=-created_at&filter[notable_id][in]=${booking}&page[size]=2`;
    const oldest = `/notes?sort=created_at&filter[notable_id][in]=${booking}&page[size]=2`;
    const firstNote = await addNote(booking);
    const secondNote = await addNote(booking);
    const oldestBefore = JSON.parse(await text(oldest)) as Page;
    assert.equal(oldestBefore.meta.has_more, false);
    assert.equal(oldestBefore.links.next, null);
    await text(newest);
    const thirdNote = await addNote(booking);

    const joined = await counting(() => text(newest));
    assert.deepEqual([joined.kept, joined.assembled], [0, 1]);
    assert.deepEqual(
      (JSON.parse(joined.value) as Page).data.map((n) => n.id),
      [thirdNote, secondNote],
    );
    // The oldest two are still the first page in ascending order, but a third now follows them.
    const followed = await counting(() => text(oldest));
    assert.deepEqual([followed.kept, followed.assembled], [0, 1]);
    const oldestAfter = JSON.parse(followed.value) as Page;
    assert.deepEqual(
      oldestAfter.data.map((n) => n.id),
      [firstNote, secondNote],
    );
    assert.equal(oldestAfter.meta.has_more, true);
    assert.ok(oldestAfter.links.next, 'a next link once more rows follow');
  });
});
