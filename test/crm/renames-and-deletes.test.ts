/**
 * A write changes what it was asked to change and tells that alone: renaming a space held by
 * many bookings changes the space (its bookings' room_names are read from it: their lists, pages
 * and ETags show the new name at once, their rows stay as they were); deleting a contact named by
 * many bookings clears them in short steps after the commit (src/crm/follow-ups.ts), each cleared
 * booking a new version, and tells `contact.deleted` alone; work a stop cut short is finished.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { isoTime } from '../../src/clock.js';
import { FOLLOW_UP_KINDS } from '../../src/crm/follow-up-kinds.js';
import { finishFollowUps, leaveFollowUp, STEP_ROWS } from '../../src/crm/follow-ups.js';
import { insertInChunks } from '../../src/db/insert-in-chunks.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { bookingRow } from '../helpers/factories.js';
import { makeVenue } from '../helpers/oauth.js';
import {
  accountDocument,
  type Api,
  apiFor,
  changeDocument,
  contactDocument,
  created,
  spaceDocument,
} from '../helpers/writes.js';

interface ListBody {
  data: Array<{
    id: string;
    attributes: { room_names: string[]; updated_at: string };
    relationships: { contact: { data: { id: string } | null } };
  }>;
}

/** More bookings than two steps of a follow-up. */
const MANY = STEP_ROWS * 2 + 17;

eachDatabase((suite) => {
  let server: TestServer;
  let api: Api;
  let orgId: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const venue = await makeVenue(suite.db);
    orgId = venue.orgId;
    api = apiFor(server, await clientCredentialsToken(server, venue), orgId);
  });
  after(() => server.close());

  /** `count` bookings holding the space and naming the contact, written straight to the tables. */
  async function bookingsOf(
    spaceId: string,
    contactId: string,
    count: number,
    accountId: string | null = null,
  ): Promise<string[]> {
    const base = Date.parse('2029-03-01T00:00:00.000Z');
    const rows = Array.from({ length: count }, (_, i) =>
      bookingRow(orgId, isoTime(base + i * 1000), {
        name: `Banquet ${i}`,
        end_at: isoTime(base + i * 1000 + 3_600_000),
        space_ids: JSON.stringify([spaceId]),
        contact_id: contactId,
        account_id: accountId,
      }),
    );
    await suite.db.transaction().execute(async (trx) => {
      await insertInChunks(trx, 'bookings', rows, 200);
      const held = rows.map((r) => ({ booking_id: r.id, space_id: spaceId }));
      await insertInChunks(trx, 'booking_spaces', held, 500);
    });
    return rows.map((r) => r.id);
  }

  const changesSince = async (since: string) =>
    (
      await suite.db
        .selectFrom('changes')
        .select(['type'])
        .where('organization_id', '=', orgId)
        .where('id', '>', since)
        .orderBy('id')
        .execute()
    ).map((e) => e.type);
  const lastChange = async () =>
    (
      await suite.db
        .selectFrom('changes')
        .select('id')
        .where('organization_id', '=', orgId)
        .orderBy('id', 'desc')
        .executeTakeFirst()
    )?.id ?? '';

  it('renames a space held by many bookings as one change: they show the new name at once', async () => {
    const space = await created(api, '/v2/spaces', spaceDocument({ name: 'Orangery' }));
    const account = await created(api, '/v2/accounts', accountDocument({ name: 'Orchard Ltd' }));
    const contact = await created(api, '/v2/contacts', contactDocument({ first_name: 'Ola' }, account));
    const ids = await bookingsOf(space, contact, MANY, account);
    const one = `/v2/bookings/${ids[0]}`;
    const listed = '/v2/bookings?page[size]=50&sort=-created_at';
    // Read once before, so fragments and pages are kept under the old name.
    const beforeOne = await api<{ data: { attributes: { room_names: string[]; updated_at: string } } }>(one);
    assert.deepEqual(beforeOne.body.data.attributes.room_names, ['Orangery']);
    assert.deepEqual(
      new Set((await api<ListBody>(listed)).body.data.map((b) => b.attributes.room_names.join())),
      new Set(['Orangery']),
    );
    const oldTag = beforeOne.headers.get('etag')!;
    const versions = async () =>
      (
        await suite.db
          .selectFrom('bookings')
          .select(['id', 'updated_at'])
          .where('id', 'in', ids.slice(1))
          .execute()
      )
        .map((r) => `${r.id} ${r.updated_at}`)
        .sort();
    const versionsBefore = await versions();
    const since = await lastChange();

    const renamed = await api(`/v2/spaces/${space}`, {
      method: 'PATCH',
      body: changeDocument('spaces', space, { name: 'Winter Garden' }),
    });
    assert.equal(renamed.status, 200);
    assert.deepEqual(await changesSince(since), ['space.updated'], 'one change, the space’s');

    const afterOne = await api<{ data: { attributes: { room_names: string[]; updated_at: string } } }>(one);
    assert.deepEqual(afterOne.body.data.attributes.room_names, ['Winter Garden']);
    assert.equal(afterOne.body.data.attributes.updated_at, beforeOne.body.data.attributes.updated_at);
    assert.notEqual(afterOne.headers.get('etag'), oldTag, 'what the booking shows changed, so its ETag did');
    const page = (await api<ListBody>(listed)).body.data;
    assert.equal(page.length, 50);
    assert.deepEqual(new Set(page.map((b) => b.attributes.room_names.join())), new Set(['Winter Garden']));
    const stale = await api(one, {
      method: 'PATCH',
      headers: { 'if-match': oldTag },
      body: changeDocument('bookings', ids[0]!, { name: 'Banquet' }),
    });
    assert.equal(stale.status, 412, 'a change based on the old name is refused');
    const fresh = await api(one, {
      method: 'PATCH',
      headers: { 'if-match': afterOne.headers.get('etag')! },
      body: changeDocument('bookings', ids[0]!, { name: 'Banquet' }),
    });
    assert.equal(fresh.status, 200, JSON.stringify(fresh.body));
    assert.deepEqual(await versions(), versionsBefore, 'no booking row was rewritten');
  });

  it('deletes a contact named by many bookings: they are cleared in steps, and contact.deleted is told alone', async () => {
    const space = await created(api, '/v2/spaces', spaceDocument({ name: 'Boathouse' }));
    const account = await created(api, '/v2/accounts', accountDocument({ name: 'Ferry Co' }));
    const contact = await created(api, '/v2/contacts', contactDocument({ first_name: 'Pia' }, account));
    const ids = await bookingsOf(space, contact, MANY);
    const versions = new Map(
      (
        await suite.db.selectFrom('bookings').select(['id', 'updated_at']).where('id', 'in', ids).execute()
      ).map((r) => [r.id, r.updated_at]),
    );
    const since = await lastChange();

    assert.equal((await api(`/v2/contacts/${contact}`, { method: 'DELETE' })).status, 204);

    assert.deepEqual(await changesSince(since), ['contact.deleted']);
    assert.equal((await api(`/v2/contacts/${contact}`)).status, 404);
    const rows = await suite.db
      .selectFrom('bookings')
      .select(['id', 'contact_id', 'updated_at'])
      .where('id', 'in', ids)
      .execute();
    assert.equal(rows.length, MANY);
    assert.ok(
      rows.every((r) => r.contact_id === null),
      'every booking was cleared',
    );
    assert.ok(
      rows.every((r) => r.updated_at > versions.get(r.id)!),
      'each cleared booking is a new version',
    );
    const listed = (await api<ListBody>(`/v2/bookings?page[size]=100&filter[space_id][eq]=${space}`)).body
      .data;
    assert.equal(listed.length, 100);
    assert.ok(listed.every((b) => b.relationships.contact.data === null));
    assert.deepEqual(await suite.db.selectFrom('follow_ups').selectAll().execute(), []);
  });

  it('finishes a deletion a stop cut short', async () => {
    const space = await created(api, '/v2/spaces', spaceDocument({ name: 'Cellar' }));
    const contact = await created(api, '/v2/contacts', contactDocument({ first_name: 'Ugo' }));
    const ids = await bookingsOf(space, contact, STEP_ROWS + 3);
    // The unit of work committed, and the process stopped before the steps ran.
    await suite.db
      .transaction()
      .execute((trx) => leaveFollowUp(trx, orgId, 'delete_contact', contact, server.clock.now()));

    await finishFollowUps(server.app.ctx.writer, FOLLOW_UP_KINDS);

    assert.equal((await api(`/v2/contacts/${contact}`)).status, 404);
    const named = await suite.db
      .selectFrom('bookings')
      .select('id')
      .where('id', 'in', ids)
      .where('contact_id', 'is not', null)
      .execute();
    assert.deepEqual(named, []);
    assert.deepEqual(await suite.db.selectFrom('follow_ups').selectAll().execute(), []);
  });
});
