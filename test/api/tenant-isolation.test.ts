/**
 * Walks every resource route with a token of one organization against the ids of another (404
 * every time, indistinguishable from a missing id), and with a read-only token against every
 * write (403 every time).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { call, clientCredentialsToken, makeCrm, noteBody, type CrmFixture } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';

eachDatabase((suite) => {
  let server: TestServer;
  let mine: CrmFixture;
  let theirs: CrmFixture;
  let myToken: string;
  let theirNoteId: string;
  let theirSpaceId: string;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    mine = await makeCrm(suite.db, 2);
    theirs = await makeCrm(suite.db, 2);
    myToken = await clientCredentialsToken(server, mine.venue);
    const theirToken = await clientCredentialsToken(server, theirs.venue);
    const note = await call<{ data: { id: string } }>(server, '/notes', {
      token: theirToken,
      org: theirs.venue.orgId,
      method: 'POST',
      body: noteBody('bookings', theirs.bookingIds[0]!),
    });
    theirNoteId = note.body.data.id;
    const space = await call<{ data: { id: string } }>(server, '/v2/spaces', {
      token: theirToken,
      org: theirs.venue.orgId,
      method: 'POST',
      body: { data: { type: 'spaces', attributes: { name: 'Their ballroom' } } },
    });
    theirSpaceId = space.body.data.id;
  });
  after(() => server.close());

  it("gets 404 for every other organization's id on every route", async () => {
    const targets: Array<[string, string, Record<string, unknown>]> = [
      [`/v2/bookings`, theirs.bookingIds[0]!, { name: 'mine now' }],
      [`/v2/accounts`, theirs.accountIds[0]!, { name: 'mine now' }],
      [`/v2/contacts`, theirs.contactIds[0]!, { first_name: 'mine now' }],
      [`/v2/spaces`, theirSpaceId, { name: 'mine now' }],
      ['/notes', theirNoteId, { body: 'mine now' }],
    ];
    for (const [collection, id, attributes] of targets) {
      const type = collection.split('/').at(-1)!;
      for (const [method, body] of [
        ['GET', undefined],
        ['PATCH', { data: { type, id, attributes } }],
        ['DELETE', undefined],
      ] as const) {
        const response = await call(server, `${collection}/${id}`, {
          token: myToken,
          org: mine.venue.orgId,
          method,
          body,
        });
        assert.equal(response.status, 404, `${method} ${collection}/${id}`);
      }
    }
    const attachments: Array<[string, unknown]> = [
      ['/notes', noteBody('contacts', theirs.contactIds[0]!)],
      [
        '/v2/contacts',
        {
          data: {
            type: 'contacts',
            attributes: { first_name: 'X' },
            relationships: { account: { data: { type: 'accounts', id: theirs.accountIds[0] } } },
          },
        },
      ],
      [
        '/v2/bookings',
        {
          data: {
            type: 'bookings',
            attributes: { name: 'X', start_at: '2030-01-01T10:00:00Z', end_at: '2030-01-01T11:00:00Z' },
            relationships: {
              account: { data: { type: 'accounts', id: mine.accountIds[0] } },
              spaces: { data: [{ type: 'spaces', id: theirSpaceId }] },
            },
          },
        },
      ],
    ];
    for (const [path, body] of attachments) {
      const attach = await call(server, path, {
        token: myToken,
        org: mine.venue.orgId,
        method: 'POST',
        body,
      });
      assert.equal(attach.status, 422, path);
    }
    const untouched = await suite.db
      .selectFrom('spaces')
      .select('name')
      .where('id', '=', theirSpaceId)
      .executeTakeFirst();
    assert.equal(untouched?.name, 'Their ballroom');
    const stillThere = await suite.db
      .selectFrom('bookings')
      .select('name')
      .where('id', '=', theirs.bookingIds[0]!)
      .executeTakeFirst();
    assert.ok(stillThere && stillThere.name !== 'mine now');
  });

  it("never lists another organization's rows, whatever the filter", async () => {
    const lists = [
      `/v2/bookings?filter[account_id][eq]=${theirs.accountIds[0]}`,
      `/v2/bookings?filter[contact_id][in]=${theirs.contactIds.join(',')}`,
      `/notes?filter[notable_id][eq]=${theirs.bookingIds[0]}`,
      '/v2/accounts?page[size]=100',
      '/v2/contacts?page[size]=100',
      '/v2/bookings?page[size]=100&include=account,contact,owner,spaces',
      `/v2/bookings?filter[space_id][eq]=${theirSpaceId}`,
      '/v2/bookings?filter[search]=Event',
      '/v2/accounts?filter[search]=Account',
      '/v2/spaces',
    ];
    const foreignIds = new Set([
      ...theirs.accountIds,
      ...theirs.contactIds,
      ...theirs.bookingIds,
      theirNoteId,
      theirSpaceId,
      theirs.venue.user.id,
    ]);
    for (const path of lists) {
      const response = await call<{ data: Array<{ id: string }>; included?: Array<{ id: string }> }>(
        server,
        path,
        { token: myToken, org: mine.venue.orgId },
      );
      assert.equal(response.status, 200, path);
      for (const resource of [...response.body.data, ...(response.body.included ?? [])]) {
        assert.ok(!foreignIds.has(resource.id), `${path} leaked ${resource.id}`);
      }
    }
  });

  it("gets 403 for every route with the other organization's X-API-ORG", async () => {
    for (const path of [
      '/v2/bookings',
      '/v2/accounts',
      '/v2/contacts',
      '/notes',
      '/v2/spaces',
      `/v2/bookings/${theirs.bookingIds[0]}`,
    ]) {
      assert.equal((await call(server, path, { token: myToken, org: theirs.venue.orgId })).status, 403, path);
    }
  });

  it('gets 403 on every write with a read-only token', async () => {
    const readOnly = await clientCredentialsToken(server, mine.venue, 'crm_read');
    const created = await call<{ data: { id: string } }>(server, '/notes', {
      token: myToken,
      org: mine.venue.orgId,
      method: 'POST',
      body: noteBody('bookings', mine.bookingIds[0]!),
    });
    const id = created.body.data.id;
    const writes: Array<[string, string, unknown?]> = [
      ['POST', '/notes', noteBody('bookings', mine.bookingIds[0]!)],
      ['PATCH', `/notes/${id}`, { data: { type: 'notes', id, attributes: { body: 'x' } } }],
      ['DELETE', `/notes/${id}`],
    ];
    for (const [collection, target] of [
      ['/v2/bookings', mine.bookingIds[0]!],
      ['/v2/accounts', mine.accountIds[0]!],
      ['/v2/contacts', mine.contactIds[0]!],
      ['/v2/spaces', mine.bookingIds[0]!],
    ] as const) {
      const type = collection.split('/').at(-1)!;
      writes.push(
        ['POST', collection, { data: { type, attributes: { name: 'x' } } }],
        ['PATCH', `${collection}/${target}`, { data: { type, id: target, attributes: { name: 'x' } } }],
        ['DELETE', `${collection}/${target}`],
      );
    }
    for (const [method, path, body] of writes) {
      const response = await call(server, path, { token: readOnly, org: mine.venue.orgId, method, body });
      assert.equal(response.status, 403, `${method} ${path}`);
      assert.match(response.headers.get('www-authenticate') ?? '', /insufficient_scope/);
    }
    assert.equal(
      (await call(server, `/notes/${id}`, { token: readOnly, org: mine.venue.orgId })).status,
      200,
    );
  });
});
