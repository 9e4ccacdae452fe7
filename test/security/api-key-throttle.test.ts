/**
 * Failed API-key attempts count in a failure throttle (issue 54's audit: wrong keys could be tried
 * without limit): per (key id, address), ten wrong secrets are free, then each further attempt
 * from that address waits, 15 s doubling; the real key keeps working from anywhere else, and a
 * working key is never counted. Refusals are JSON:API 429s with Retry-After.
 */
import assert from 'node:assert/strict';
import { makeApiKey } from '../helpers/factories.js';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { fromAddress } from './from-address.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let key: { id: string; secret: string };

  before(async () => {
    server = await startTestServer(suite.database, { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    key = await makeApiKey(
      suite.db,
      { organizationId: venue.orgId, userId: venue.user.id, name: 'Sign', scopes: ['crm_read'] },
      server.clock.now(),
    );
  });
  after(() => server.close());

  const call = (address: string, apiKey: string) =>
    fromAddress(server.fetch, address)(`${server.url}/v2/bookings`, {
      headers: { 'x-api-key': apiKey, 'x-api-org': venue.orgId },
    });
  /** The real key's id with a wrong secret: a guess at its secret. */
  const guess = () => `${key.secret.slice(0, 30)}${'A'.repeat(key.secret.length - 30)}`;

  it('slows an address guessing a key’s secret, with waits that double, not the key’s owner', async () => {
    const stranger = '203.0.113.70';
    for (let i = 0; i < 10; i++)
      assert.equal((await call(stranger, guess())).status, 401, `attempt ${i + 1}`);
    const refused = await call(stranger, guess());
    assert.equal(refused.status, 429);
    assert.equal(refused.headers.get('retry-after'), '15');
    const body = (await refused.json()) as { errors: Array<{ code: string; detail: string }> };
    assert.equal(body.errors[0]?.code, 'rate_limited');
    assert.match(body.errors[0]?.detail ?? '', /keys that do not work/);
    // While it waits, even the right key from that address is not looked at.
    assert.equal((await call(stranger, key.secret)).status, 429);

    assert.equal((await call('198.51.100.70', key.secret)).status, 200, 'the owner, elsewhere');

    server.clock.advance(15_000);
    assert.equal((await call(stranger, guess())).status, 401, 'after the wait, one more try');
    const longer = await call(stranger, guess());
    assert.equal(longer.status, 429);
    assert.equal(longer.headers.get('retry-after'), '30');
  });

  it('never counts a working key', async () => {
    const busy = '198.51.100.71';
    for (let i = 0; i < 30; i++) assert.equal((await call(busy, key.secret)).status, 200);
  });

  it('slows an address trying many different keys', async () => {
    const scanner = '203.0.113.71';
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++)
      statuses.push((await call(scanner, `mqk_${String(i).padStart(26, '0')}${'b'.repeat(43)}`)).status);
    assert.deepEqual(statuses.slice(0, 50), Array<number>(50).fill(401));
    assert.equal(statuses[50], 429, 'the fifty-first wrong key from one address waits');
  });
});
