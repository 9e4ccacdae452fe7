/** @marquee/client against a real Marquee server on an ephemeral port. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import {
  Marquee,
  type OAuthClientOptions,
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
} from '../../client/src/index.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { makeCrm, type CrmFixture } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { startFaultProxy } from '../helpers/fault-proxy.js';
import { REDIRECT_URI, runAuthorize } from '../helpers/oauth.js';
import { connect as connectUser, publicClient as publicClientOf } from './connect.js';

eachDatabase((suite) => {
  let server: TestServer;
  let crm: CrmFixture;
  before(async () => {
    server = await startTestServer(
      suite.database,
      { RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info' },
      { listen: true },
    );
    crm = await makeCrm(suite.db, 30);
  });
  after(() => server.close());

  const publicClient = (options: Partial<OAuthClientOptions> = {}) =>
    publicClientOf(server, crm.venue, options);
  const connect = (userKey: string, options: Partial<OAuthClientOptions> = {}) =>
    connectUser(server, crm.venue, userKey, options);

  const tokenRequests = () =>
    server.logs.filter((l) => l.includes('"path":"/oauth/token"') && l.includes('incoming request')).length;

  it('connects a user through the authorize flow with state and PKCE, and calls the API', async () => {
    const { marquee, tokenStore } = await connect('alice');
    const stored = await tokenStore.get('alice');
    assert.match(stored?.accessToken ?? '', /^mqa_/);
    assert.match(stored?.refreshToken ?? '', /^mqr_/);
    const me = await marquee.forUser('alice').me();
    assert.equal(me.user.email, crm.venue.user.email);
    assert.equal(me.grant_type, 'authorization_code');
    assert.deepEqual(
      me.organizations.map((o) => o.id),
      [crm.venue.orgId],
    );

    const other = publicClient();
    const { url } = await other.oauth.authorizationUrl({ redirectUri: REDIRECT_URI, scope: ['crm_read'] });
    const { redirect } = await runAuthorize(server, {
      url,
      clientId: crm.venue.publicClient.clientId,
      email: crm.venue.user.email,
    });
    await assert.rejects(
      other.oauth.exchangeCode({
        userKey: 'x',
        redirectUri: REDIRECT_URI,
        codeVerifier: 'v'.repeat(43),
        callbackUrl: redirect.href,
        expectedState: 'not-the-state',
      }),
      /state/,
    );
  });

  it('follows cursors across pages as an async iterable, with typed filters and includes', async () => {
    const { marquee } = await connect('bob');
    const api = marquee.forUser('bob').inOrganization(crm.venue.orgId);
    const before = server.logs.length;
    const all = await api.bookings.list({ pageSize: 7, sort: 'start_at' }).toArray();
    assert.equal(all.length, 30);
    assert.equal(new Set(all.map((b) => b.id)).size, 30);
    const pageRequests = server.logs
      .slice(before)
      .filter((l) => l.includes('"path":"/v2/bookings"') && l.includes('incoming request'));
    assert.equal(pageRequests.length, 5);

    const definite: string[] = [];
    for await (const booking of api.bookings.list({ status: ['definite'], include: ['account'] })) {
      assert.equal(booking.status, 'definite');
      assert.equal(booking.account?.id, booking.account_id);
      definite.push(booking.id);
    }
    assert.equal(definite.length, 6);
    const mine = await api.bookings
      .list({ owner_id: 'me', start_at: { gteq: '2027-01-10T00:00:00Z' } })
      .toArray();
    assert.ok(mine.every((b) => b.owner_id === crm.venue.user.id && b.start_at >= '2027-01-10'));
    const booking = await api.bookings.get(crm.bookingIds[0]!, { include: ['contact'] });
    assert.equal(booking.contact?.id, crm.contactIds[0]);
  });

  it('creates, updates and deletes notes as plain objects', async () => {
    const { marquee } = await connect('carol');
    const notes = marquee.forUser('carol').inOrganization(crm.venue.orgId).notes;
    const note = await notes.create({
      body: 'Menu tasting on Friday',
      notable: { type: 'bookings', id: crm.bookingIds[0]! },
    });
    assert.equal(note.body, 'Menu tasting on Friday');
    assert.equal(note.notable_type, 'bookings');
    assert.equal(note.notable_id, crm.bookingIds[0]);
    const read = await notes.get(note.id);
    const updated = await notes.update(
      note.id,
      { body: 'Menu tasting moved to Monday' },
      { ifMatch: read.etag },
    );
    assert.equal(updated.body, 'Menu tasting moved to Monday');
    await notes.delete(note.id, { ifMatch: updated.etag });
    await assert.rejects(notes.get(note.id), NotFoundError);
  });

  it('refreshes an expired token once, however many calls wait on it', async () => {
    const { marquee, tokenStore } = await connect('dave');
    const stored = (await tokenStore.get('dave'))!;
    await tokenStore.set('dave', { ...stored, expiresAt: Math.floor(Date.now() / 1000) - 10 });
    const api = marquee.forUser('dave').inOrganization(crm.venue.orgId);
    const before = tokenRequests();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api.bookings.list({ pageSize: 1 }).firstPage()),
    );
    assert.equal(results.length, 20);
    assert.equal(tokenRequests() - before, 1, 'exactly one refresh request reached the server');
    const renewed = (await tokenStore.get('dave'))!;
    assert.notEqual(renewed.refreshToken, stored.refreshToken, 'the rotated refresh token was saved');
    assert.ok(renewed.expiresAt > Date.now() / 1000 + 3600);
  });

  it('refreshes once after a 401 invalid_token, then retries', async () => {
    const { marquee, tokenStore } = await connect('erin');
    const stored = (await tokenStore.get('erin'))!;
    await tokenStore.set('erin', { ...stored, accessToken: 'mqa_no-longer-valid' });
    const before = tokenRequests();
    const api = marquee.forUser('erin').inOrganization(crm.venue.orgId);
    const pages = await Promise.all(
      Array.from({ length: 10 }, () => api.accounts.list({ pageSize: 2 }).firstPage()),
    );
    assert.ok(pages.every((p) => p.items.length === 2));
    assert.equal(tokenRequests() - before, 1);
  });

  it('uses client credentials for private integrations', async () => {
    const marquee = new Marquee({
      baseUrl: server.url,
      clientId: crm.venue.privateClient.clientId,
      clientSecret: crm.venue.privateClient.clientSecret,
      organizationId: crm.venue.orgId,
    });
    const api = marquee.forClientCredentials(['crm_read']);
    assert.equal((await api.me()).grant_type, 'client_credentials');
    assert.equal((await api.contacts.list({ pageSize: 3 }).firstPage()).items.length, 3);
    await assert.rejects(
      api.notes.create({ body: 'x', notable: { type: 'bookings', id: crm.bookingIds[0]! } }),
      (error: unknown) => error instanceof PermissionDeniedError && error.code === 'insufficient_scope',
    );
  });

  it('raises one error class per status with code, detail, pointer and request id', async () => {
    const { marquee } = await connect('frank');
    const api = marquee.forUser('frank').inOrganization(crm.venue.orgId);
    await assert.rejects(api.bookings.get('nope'), (error: unknown) => {
      assert.ok(error instanceof NotFoundError);
      assert.equal(error.status, 404);
      assert.equal(error.code, 'not_found');
      assert.match(error.requestId ?? '', /^[0-9a-f-]{36}$/);
      return true;
    });
    await assert.rejects(
      api.notes.create({ body: 'x', notable: { type: 'contacts', id: 'missing' } }),
      (error: unknown) => {
        assert.ok(error instanceof ValidationError);
        assert.equal(error.pointer, '/data/relationships/notable/data/id');
        return true;
      },
    );
    await assert.rejects(api.bookings.list({ sort: 'colour' as never }).firstPage(), /400 invalid_sort/);
    await assert.rejects(
      marquee.forUser('frank').inOrganization('01zzzzzzzzzzzzzzzzzzzzzzzz').bookings.get('x'),
      PermissionDeniedError,
    );
  });

  it('retries a 429 after Retry-After, through a real proxy', async () => {
    const proxy = await startFaultProxy(server.url, (_method, path, index) =>
      path.startsWith('/v2/accounts') && index === 0
        ? { status: 429, headers: { 'retry-after': '1' } }
        : 'forward',
    );
    try {
      const { tokenStore } = await connect('gina');
      const viaProxy = new Marquee({
        baseUrl: proxy.url,
        clientId: crm.venue.publicClient.clientId,
        clientSecret: crm.venue.publicClient.clientSecret,
        tokenStore,
      });
      const started = Date.now();
      const page = await viaProxy
        .forUser('gina')
        .inOrganization(crm.venue.orgId)
        .accounts.list({ pageSize: 1 })
        .firstPage();
      assert.equal(page.items.length, 1);
      assert.equal(proxy.requests.length, 2);
      assert.ok(Date.now() - started >= 900, 'waited for Retry-After');
    } finally {
      await proxy.close();
    }
  });

  it('never duplicates a note when a create is retried after a lost answer', async () => {
    let posts = 0;
    const proxy = await startFaultProxy(server.url, (method, path) => {
      if (method === 'POST' && path === '/notes' && posts++ === 0) return { forwardThenStatus: 503 };
      return 'forward';
    });
    try {
      const { tokenStore } = await connect('hana');
      const viaProxy = new Marquee({
        baseUrl: proxy.url,
        clientId: crm.venue.publicClient.clientId,
        clientSecret: crm.venue.publicClient.clientSecret,
        tokenStore,
        maxRetryDelay: 50,
      });
      const note = await viaProxy
        .forUser('hana')
        .inOrganization(crm.venue.orgId)
        .notes.create({ body: 'Exactly once', notable: { type: 'bookings', id: crm.bookingIds[3]! } });
      const posted = proxy.requests.filter((r) => r.method === 'POST');
      assert.equal(posted.length, 2, 'the first answer was lost, so the client retried');
      assert.equal(posted[0]?.headers['idempotency-key'], posted[1]?.headers['idempotency-key']);
      const rows = await suite.db
        .selectFrom('notes')
        .select('id')
        .where('body', '=', 'Exactly once')
        .execute();
      assert.deepEqual(
        rows.map((r) => r.id),
        [note.id],
      );
    } finally {
      await proxy.close();
    }
  });
});
