/**
 * Self-registration (POST /oauth/register) hardened, on both databases: a client_name follows the
 * rules of other names (no control or bidirectional characters) and may not claim to be Marquee,
 * official, or a venue of this installation, look-alike letters included; the consent page shows
 * where approving sends the person (the redirect URI's host); the budget is per address group (an
 * IPv6 /64 is one group) per hour and per day, and no installation-wide total exists that
 * registrations from many addresses could fill for everyone.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { newId } from '../../src/db/ids.js';
import { addressKey } from '../../src/oauth/registration/registered-clients.js';
import { s256 } from '../../src/oauth/steps/pkce.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { BrowserSession } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { signIn } from '../helpers/oauth.js';

eachDatabase((suite) => {
  let server: TestServer;
  let admin: { id: string; email: string };

  before(async () => {
    server = await startTestServer(
      suite.database,
      { RATE_LIMIT_PER_MINUTE: '0', TRUST_PROXY: '127.0.0.1' },
      { listen: true },
    );
    const orgId = (await makeOrganization(suite.db, 'Harbour Hall')).id;
    admin = await makeUser(suite.db, orgId, { role: 'admin' });
  });
  after(() => server.close());

  const register = (body: Record<string, unknown>, address = '203.0.113.1') =>
    fetch(`${server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ redirect_uris: ['https://assistant.example/cb'], ...body }),
    });
  const registered = async () =>
    (
      await suite.db
        .selectFrom('integrations')
        .select('name')
        .where('registered_at', 'is not', null)
        .execute()
    ).map((r) => r.name);

  it('refuses names with control or bidirectional characters, and names that claim to be someone', async () => {
    const refusals: Array<[string, RegExp]> = [
      ['Claude\u202egnp.exe', /direction of text/],
      ['Claude\u0007', /control characters/],
      ['Claude\nMarquee support', /control characters or line breaks/],
      ['Marquee (official)', /may not claim to be Marquee/],
      ['MARQUEE', /may not claim to be Marquee/],
      ['M\u0430rquee Assistant', /may not claim to be Marquee/],
      ['M a r q u e e', /may not claim to be Marquee/],
      ['Marq\u200bu\u00e9e', /may not claim to be Marquee/],
      ['Official venue helper', /official or verified/],
      ['Harbour Hall assistant', /a venue of this installation/],
      ['HARBOURHALL', /a venue of this installation/],
    ];
    for (const [client_name, words] of refusals) {
      const response = await register({ client_name });
      assert.equal(response.status, 400, JSON.stringify(client_name));
      const body = (await response.json()) as { error: string; error_description: string };
      assert.equal(body.error, 'invalid_client_metadata');
      assert.match(body.error_description, words, JSON.stringify(client_name));
    }
    assert.deepEqual(await registered(), []);
    const claude = await register({ client_name: 'Claude' });
    assert.equal(claude.status, 201);
    assert.deepEqual(await registered(), ['Claude']);
  });

  it('shows on consent where approving sends the person, beside the self-registered notice', async () => {
    const response = await register({ client_name: 'Helpful assistant' }, '203.0.113.2');
    const client = (await response.json()) as { client_id: string };
    const session = new BrowserSession(server.url, server.fetch);
    await signIn(server, session, admin.email);
    const params = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: 'https://assistant.example/cb',
      response_type: 'code',
      scope: 'crm_read',
      code_challenge: s256('v'.repeat(50)),
      code_challenge_method: 'S256',
    });
    const page = await session.request(`/oauth/authorize?${params}`);
    assert.equal(page.status, 200, page.body.slice(0, 300));
    assert.match(page.body, /sent back to <strong class="redirect-host">assistant\.example<\/strong>/);
    assert.match(page.body, /Self-registered, not verified/);
  });

  it('counts an IPv6 /64 as one address, per hour and per day', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 15; i += 1) {
      const response = await register({ client_name: `Six ${i}` }, `2001:db8:1:2::${i.toString(16)}`);
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    assert.deepEqual(statuses, [...Array(10).fill(201), ...Array(5).fill(429)]);
    // Another /64 is another group.
    assert.equal((await register({ client_name: 'Next door' }, '2001:db8:1:3::1')).status, 201);
    // The hourly budget comes back an hour later; the day's (30) does not.
    const made: number[] = [];
    for (let hour = 1; hour <= 3; hour += 1) {
      server.clock.advance(3601 * 1000);
      for (let i = 0; i < 10; i += 1) {
        const response = await register({ client_name: `Later ${hour}-${i}` }, `2001:db8:1:2:${hour}::${i}`);
        made.push(response.status);
        await response.arrayBuffer();
      }
    }
    assert.equal(made.filter((s) => s === 201).length, 20);
    assert.equal(made.filter((s) => s === 429).length, 10);
    const refused = await register({ client_name: 'Still later' }, '2001:db8:1:2::ffff');
    assert.equal(refused.status, 429);
    assert.match(((await refused.json()) as { error_description: string }).error_description, /a day/);
    assert.equal(refused.headers.get('retry-after'), '86400');
  });

  it('has no installation-wide total: 5,000 registrations from 500 addresses leave room for the next', async () => {
    const now = new Date(server.clock.now() - 60_000).toISOString();
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      id: newId(),
      organization_id: null,
      owner_user_id: null,
      name: `Filler ${i}`,
      kind: 'public' as const,
      redirect_uris: '["https://filler.example/cb"]',
      scopes: 'crm_read',
      client_id: `mqc_filler${i}`,
      client_secret_hash: '',
      token_endpoint_auth_method: 'none' as const,
      pkce_required_at: now,
      ended_at: null,
      registered_at: now,
      registered_from: addressKey(`198.51.100.${i % 250}`) + (i < 2500 ? '' : 'b'),
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 250)
      await suite.db
        .insertInto('integrations')
        .values(rows.slice(i, i + 250))
        .execute();
    const response = await register({ client_name: 'A newcomer' }, '192.0.2.77');
    assert.equal(response.status, 201, await response.text());
  });
});
