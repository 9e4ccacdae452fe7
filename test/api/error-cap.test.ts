/**
 * A 422 stays small however many members a request gets wrong (issue 46, item 10): a POST
 * /v2/accounts whose attributes hold 60,000 unknown members (about 650 KB, under the 1 MiB body
 * limit) is answered with at most 100 error objects and `meta.errors_not_shown` counting the
 * rest, in a response well under 100 KB. A request with 100 or fewer problems lists them all and
 * says nothing of errors not shown.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { BODY_LIMIT } from '../../src/app.js';
import { MAX_ERRORS_SHOWN } from '../../src/errors.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { countRows, eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';

interface CappedErrors {
  errors: Array<{ status: string; code: string; detail: string; source?: { pointer?: string } }>;
  meta: { request_id: string; errors_not_shown?: number };
}

/** An account document with a name and `unknown` members no account has. */
function accountWithUnknowns(unknown: number): string {
  const attributes: Record<string, unknown> = { name: 'Flooded Ltd' };
  for (let i = 0; i < unknown; i++) attributes[`u${String(i).padStart(5, '0')}`] = 1;
  return JSON.stringify({ data: { type: 'accounts', attributes } });
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let token: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    token = await clientCredentialsToken(server, venue);
  });
  after(() => server.close());

  async function post(body: string) {
    const response = await server.fetch(`${server.url}/v2/accounts`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-api-org': venue.orgId,
        'content-type': 'application/vnd.api+json',
      },
      body,
    });
    const text = await response.text();
    return { status: response.status, text, body: JSON.parse(text) as CappedErrors };
  }

  it('answers 60,000 unknown attributes with 100 errors and a count of the rest, in a small response', async () => {
    assert.equal(MAX_ERRORS_SHOWN, 100);
    const body = accountWithUnknowns(60_000);
    const size = Buffer.byteLength(body);
    assert.ok(
      size > 600_000 && size < BODY_LIMIT,
      `the body (${size} bytes) is about 650 KB, under the limit`,
    );

    const response = await post(body);
    assert.equal(response.status, 422, response.text.slice(0, 300));
    assert.equal(response.body.errors.length, 100, 'at most 100 error objects');
    assert.equal(response.body.meta.errors_not_shown, 60_000 - 100, 'the rest are counted');
    assert.ok(
      Buffer.byteLength(response.text) < 100_000,
      `the response is small (${Buffer.byteLength(response.text)} bytes)`,
    );
    assert.ok(response.body.meta.request_id);
    for (const error of response.body.errors) {
      assert.equal(error.status, '422');
      assert.match(error.source?.pointer ?? '', /^\/data\/attributes\/u\d{5}$/);
      assert.match(error.detail, /is not a member this request accepts here/);
    }
    assert.equal(new Set(response.body.errors.map((e) => e.source?.pointer)).size, 100, 'no error twice');
    assert.equal(await countRows(suite.db, 'accounts'), 0, 'nothing was written');
  });

  it('counts exactly the errors beyond the first 100', async () => {
    const response = await post(accountWithUnknowns(101));
    assert.equal(response.status, 422);
    assert.equal(response.body.errors.length, 100);
    assert.equal(response.body.meta.errors_not_shown, 1);
  });

  it('lists 100 or fewer errors in full, without errors_not_shown', async () => {
    for (const unknown of [100, 3]) {
      const response = await post(accountWithUnknowns(unknown));
      assert.equal(response.status, 422);
      assert.equal(response.body.errors.length, unknown);
      assert.ok(!('errors_not_shown' in response.body.meta), `${unknown} errors: no errors_not_shown`);
    }
  });
});
