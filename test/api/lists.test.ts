import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { isoTime } from '../../src/clock.js';
import { newId } from '../../src/db/ids.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { call, clientCredentialsToken, insertAccount, makeCrm, type CrmFixture } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';

interface ListBody {
  data: Array<{
    type: string;
    id: string;
    attributes: Record<string, unknown>;
    relationships: Record<string, { data: { type: string; id: string } | null }>;
  }>;
  included?: Array<{ type: string; id: string; attributes: Record<string, unknown> }>;
  meta: { has_more: boolean; after_cursor: string | null; before_cursor: string | null };
  links: { self: string; next: string | null; prev: string | null };
}

eachDatabase((suite) => {
  let server: TestServer;
  let crm: CrmFixture;
  let token: string;
  const list = (path: string) => call<ListBody>(server, path, { token, org: crm.venue.orgId });

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    crm = await makeCrm(suite.db, 30);
    token = await clientCredentialsToken(server, crm.venue);
  });
  after(() => server.close());

  it('pages 25 at a time by default, newest first, with JSON:API meta and links', async () => {
    const first = await list('/v2/bookings');
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('content-type'), 'application/vnd.api+json');
    assert.equal(first.body.data.length, 25);
    assert.equal(first.body.data[0]?.id, crm.bookingIds.at(-1));
    assert.equal(first.body.meta.has_more, true);
    assert.ok(first.body.links.next);
    assert.equal(first.body.links.prev, null);
    const second = await list(
      new URL(first.body.links.next!).pathname + new URL(first.body.links.next!).search,
    );
    assert.equal(second.body.data.length, 5);
    assert.equal(second.body.meta.has_more, false);
    assert.equal(second.body.links.next, null);
    assert.ok(second.body.links.prev);
  });

  it('walks every row exactly once forwards and backwards, for every sort', async () => {
    for (const sort of [
      'created_at',
      '-created_at',
      'start_at',
      '-end_at',
      'name',
      '-reference',
      'updated_at',
    ]) {
      const seen: string[] = [];
      let next: string | null = `/v2/bookings?page[size]=7&sort=${sort}`;
      let last: ListBody | undefined;
      while (next) {
        const page: { status: number; body: ListBody } = await list(next);
        assert.equal(page.status, 200, `${sort}: ${JSON.stringify(page.body)}`);
        seen.push(...page.body.data.map((b) => b.id));
        last = page.body;
        next = page.body.meta.has_more
          ? `/v2/bookings?page[size]=7&sort=${sort}&page[after]=${page.body.meta.after_cursor}`
          : null;
      }
      assert.equal(seen.length, 30, sort);
      assert.equal(new Set(seen).size, 30, sort);

      const backwards: string[] = [];
      let cursor = last?.meta.before_cursor;
      while (cursor) {
        const page = await list(`/v2/bookings?page[size]=7&sort=${sort}&page[before]=${cursor}`);
        backwards.unshift(...page.body.data.map((b) => b.id));
        cursor = page.body.meta.has_more ? page.body.meta.before_cursor : null;
      }
      assert.deepEqual([...backwards, ...last!.data.map((b) => b.id)], seen, `${sort} backwards`);
    }
  });

  it('sorts by the named field with an id tie-break', async () => {
    const byName = await list('/v2/bookings?sort=name&page[size]=100');
    const names = byName.body.data.map((b) => String(b.attributes.name));
    assert.deepEqual(names, [...names].sort());
    const byStart = await list('/v2/bookings?sort=-start_at&page[size]=100');
    const starts = byStart.body.data.map((b) => String(b.attributes.start_at));
    assert.deepEqual(starts, [...starts].sort().reverse());
  });

  it('keeps paging stable while rows are inserted', async () => {
    const first = await list('/v2/accounts?page[size]=10&sort=created_at');
    const now = isoTime(Date.now());
    await insertAccount(suite.db, {
      organizationId: crm.venue.orgId,
      name: 'Inserted meanwhile',
      createdAt: '2020-01-01T00:00:00.000Z',
      updatedAt: now,
    });
    const second = await list(
      `/v2/accounts?page[size]=10&sort=created_at&page[after]=${first.body.meta.after_cursor}`,
    );
    const overlap = second.body.data.filter((a) => first.body.data.some((b) => b.id === a.id));
    assert.equal(overlap.length, 0);
    assert.equal(second.body.data[0]?.attributes.name, 'Account 010');
  });

  it('filters with every operator', async () => {
    const count = async (query: string) => {
      const response = await list(`/v2/bookings?page[size]=100&${query}`);
      assert.equal(response.status, 200, `${query}: ${JSON.stringify(response.body)}`);
      return response.body.data;
    };
    assert.ok((await count('filter[status][eq]=lead')).every((b) => b.attributes.status === 'lead'));
    assert.equal((await count('filter[status][eq]=lead')).length, 6);
    assert.equal((await count('filter[status][not_eq]=lead')).length, 24);
    assert.equal((await count('filter[status][in]=lead,lost')).length, 12);
    assert.equal((await count('filter[status][not_in]=lead,lost')).length, 18);
    assert.equal((await count('filter[start_at][lt]=2027-01-03T00:00:00Z')).length, 2);
    assert.equal((await count('filter[start_at][lteq]=2027-01-03T00:00:00Z')).length, 3);
    assert.equal((await count('filter[start_at][gt]=2027-01-28T00:00:00Z')).length, 2);
    assert.equal((await count('filter[start_at][gteq]=2027-01-28T00:00:00Z')).length, 3);
    assert.equal((await count('filter[end_at][gt]=2027-01-30T00:00:00Z')).length, 1);
    assert.equal((await count('filter[owner_id][null]=true')).length, 15);
    assert.equal((await count('filter[owner_id][not_null]=true')).length, 15);
    assert.equal((await count('filter[owner_id][eq]=me')).length, 15);
    assert.equal((await count(`filter[account_id][eq]=${crm.accountIds[3]}`)).length, 1);
    assert.equal((await count(`filter[contact_id][in]=${crm.contactIds[3]},${crm.contactIds[4]}`)).length, 2);
    assert.equal(
      (
        await count(
          'filter[created_at][gteq]=2027-01-01T00:10:00Z&filter[created_at][lt]=2027-01-01T00:20:00Z',
        )
      ).length,
      10,
    );
    assert.equal((await count('filter[updated_at][gt]=2030-01-01T00:00:00Z')).length, 0);
  });

  it('answers 400 naming the parameter for unknown filters, operators, sorts, includes and parameters', async () => {
    const cases: Array<[string, string]> = [
      ['/v2/bookings?filter[colour][eq]=red', 'filter[colour][eq]'],
      ['/v2/bookings?filter[status][like]=lead', 'filter[status][like]'],
      ['/v2/bookings?filter[status][eq]=maybe', 'filter[status][eq]'],
      ['/v2/bookings?filter[start_at][gt]=yesterday', 'filter[start_at][gt]'],
      ['/v2/bookings?filter[owner_id][null]=yes', 'filter[owner_id][null]'],
      ['/v2/bookings?sort=colour', 'sort'],
      ['/v2/bookings?sort=guest_count', 'sort'],
      ['/v2/bookings?include=notes', 'include'],
      ['/v2/bookings?include=valueOf', 'include'],
      ['/v2/bookings?include=constructor,account', 'include'],
      ['/notes?include=__proto__', 'include'],
      ['/v2/bookings?page[size]=0', 'page[size]'],
      ['/v2/bookings?page[size]=101', 'page[size]'],
      ['/v2/bookings?page[size]=ten', 'page[size]'],
      ['/v2/bookings?page[after]=garbage', 'page[after]'],
      ['/v2/bookings?page[before]=WyJ4Il0', 'page[before]'],
      ['/v2/bookings?limit=10', 'limit'],
      ['/v2/accounts?filter[status][eq]=lead', 'filter[status][eq]'],
      ['/notes?filter[notable_type][eq]=users', 'filter[notable_type][eq]'],
      [`/v2/bookings/${'x'.repeat(5)}?include=everything`, 'include'],
    ];
    for (const [path, parameter] of cases) {
      const response = await call<{ errors: Array<{ status: string; source: { parameter: string } }> }>(
        server,
        path,
        { token, org: crm.venue.orgId },
      );
      assert.equal(response.status, 400, path);
      assert.equal(response.body.errors[0]?.source.parameter, parameter, path);
    }
    const first = await list('/v2/bookings?sort=name&page[size]=2');
    const wrongSort = await list(`/v2/bookings?sort=-name&page[after]=${first.body.meta.after_cursor}`);
    assert.equal(wrongSort.status, 400, 'a cursor belongs to its sort');
  });

  it('binds a cursor to the filters of its list, and refuses forged cursors', async () => {
    const filtered = '/v2/bookings?sort=name&page[size]=2&filter[status][in]=lead,definite';
    const first = await list(filtered);
    const cursor = first.body.meta.after_cursor!;
    const same = await list(`${filtered}&page[after]=${cursor}`);
    assert.equal(same.status, 200, 'the same filters page on');
    const resized = await list(
      `/v2/bookings?filter[status][in]=lead,definite&sort=name&page[size]=5&page[after]=${cursor}`,
    );
    assert.equal(resized.status, 200, 'the page size may change');
    const other = await call<{
      errors: Array<{ code: string; detail: string; source: { parameter: string } }>;
    }>(server, `/v2/bookings?sort=name&page[size]=2&page[after]=${cursor}`, { token, org: crm.venue.orgId });
    assert.equal(other.status, 400, 'a cursor of a filtered list does not page the whole list');
    assert.equal(other.body.errors[0]?.code, 'invalid_cursor');
    assert.match(other.body.errors[0]!.detail, /other filters/);
    const [payload, signature] = cursor.split('.');
    const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as string[];
    const forged = `${Buffer.from(JSON.stringify([decoded[0], 'zzz', decoded[2], decoded[3]])).toString('base64url')}.${signature}`;
    const refused = await list(`${filtered}&page[after]=${forged}`);
    assert.equal(refused.status, 400, 'an altered cursor is refused');
    // The issued payload with another signature (the issued one is remembered, not trusted).
    const flipped = `${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
    const resigned = await list(`${filtered}&page[after]=${payload}.${flipped}`);
    assert.equal(resigned.status, 400, 'an issued payload under a wrong signature is refused');
    const again = await list(`${filtered}&page[after]=${cursor}`);
    assert.equal(again.status, 200, 'and the issued cursor still pages');
  });

  it('embeds related resources with include, each once', async () => {
    const response = await list('/v2/bookings?page[size]=4&sort=created_at&include=account,contact,owner');
    const included = response.body.included ?? [];
    const types = included.map((r) => r.type).sort();
    assert.deepEqual(types, [
      'accounts',
      'accounts',
      'accounts',
      'accounts',
      'contacts',
      'contacts',
      'contacts',
      'contacts',
      'users',
    ]);
    const owner = included.find((r) => r.type === 'users');
    assert.deepEqual(owner?.attributes, {
      email: crm.venue.user.email,
      name: crm.venue.user.email.split('@')[0],
    });
    const booking = response.body.data[0]!;
    assert.ok(
      included.some((r) => r.type === 'accounts' && r.id === booking.relationships.account?.data?.id),
    );

    const contacts = await list('/v2/contacts?include=account&page[size]=1');
    assert.equal(contacts.body.included?.[0]?.type, 'accounts');
    const accounts = await list('/v2/accounts?include=owner&page[size]=1');
    assert.equal(accounts.body.included?.[0]?.type, 'users');
  });

  it('shows the documented attributes of each resource', async () => {
    const booking = (await list('/v2/bookings?page[size]=1&sort=created_at')).body.data[0]!;
    assert.deepEqual(Object.keys(booking.attributes).sort(), [
      'balance_due',
      'category_totals',
      'created_at',
      'currency',
      'custom_fields',
      'end_at',
      'event_type',
      'fnb_minimum',
      'fnb_shortfall',
      'grand_total',
      'guest_count',
      'lost_reason',
      'name',
      'paid_total',
      'reference',
      'referral_source_id',
      'room_names',
      'service_charge_total',
      'source',
      'source_details',
      'stage_id',
      'start_at',
      'status',
      'subtotal',
      'tax_total',
      'timezone',
      'total_amount',
      'updated_at',
    ]);
    assert.deepEqual(booking.attributes.room_names, ['Hall']);
    assert.equal(booking.attributes.total_amount, 100_000);
    assert.deepEqual(Object.keys(booking.relationships).sort(), [
      'account',
      'contact',
      'owner',
      'referral_source',
      'spaces',
      'stage',
    ]);
    const account = (await list('/v2/accounts?page[size]=1')).body.data[0]!;
    assert.deepEqual(Object.keys(account.attributes).sort(), [
      'address_line1',
      'address_line2',
      'city',
      'country',
      'created_at',
      'custom_fields',
      'email',
      'name',
      'phone',
      'postal_code',
      'region',
      'updated_at',
      'website',
    ]);
    const contact = (await list('/v2/contacts?page[size]=1')).body.data[0]!;
    assert.deepEqual(Object.keys(contact.attributes).sort(), [
      'created_at',
      'custom_fields',
      'email',
      'first_name',
      'last_name',
      'phone',
      'title',
      'updated_at',
    ]);
  });

  it('gets one resource with an ETag and answers 304 to If-None-Match', async () => {
    for (const [path, id] of [
      ['/v2/bookings', crm.bookingIds[0]],
      ['/v2/accounts', crm.accountIds[0]],
      ['/v2/contacts', crm.contactIds[0]],
    ] as const) {
      const response = await call<{ data: { id: string }; links: { self: string } }>(
        server,
        `${path}/${id}`,
        { token, org: crm.venue.orgId },
      );
      assert.equal(response.status, 200);
      assert.equal(response.body.data.id, id);
      const etag = response.headers.get('etag');
      assert.match(etag ?? '', /^"[A-Za-z0-9_-]+"$/);
      const cached = await call(server, `${path}/${id}`, {
        token,
        org: crm.venue.orgId,
        headers: { 'if-none-match': etag! },
      });
      assert.equal(cached.status, 304);
      const stale = await call(server, `${path}/${id}`, {
        token,
        org: crm.venue.orgId,
        headers: { 'if-none-match': '"other"' },
      });
      assert.equal(stale.status, 200);
    }
    const missing = await call(server, `/v2/bookings/${newId()}`, { token, org: crm.venue.orgId });
    assert.equal(missing.status, 404);
    const withInclude = await call<{ included: unknown[] }>(
      server,
      `/v2/bookings/${crm.bookingIds[0]}?include=account,owner`,
      { token, org: crm.venue.orgId },
    );
    assert.equal(withInclude.body.included.length, 2);
  });
});
