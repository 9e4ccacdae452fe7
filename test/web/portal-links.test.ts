/**
 * The portal's links over a real socket (SPEC §13): a link's token reaches no log line however
 * its path is written (percent-escapes, escaped twice, the letters of its prefix escaped, another
 * case, doubled slashes), whether the path opens the document or not; and an address that has
 * guessed link after wrong link waits for its guesses only: the client's own live link opens at
 * once from that same address, the PDF and the accept form too. A link's use is noted at most
 * once a minute, as an API key's is.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { documentBody, pricedBooking, venueSettings } from '../helpers/document-fixtures.js';
import { makeVenue } from '../helpers/oauth.js';
import { type Api, apiFor } from '../helpers/writes.js';

interface Raw {
  status: number;
  body: string;
}

/** A GET of exactly this path (no URL parser between: its escapes reach the server as written). */
function rawGet(server: TestServer, path: string, from?: string): Promise<Raw> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const call = request(
      { host: hostname, port, path, method: 'GET', ...(from ? { localAddress: from } : {}) },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    call.on('error', reject);
    call.end();
  });
}

/** Each letter as a percent-escape (%6D for m). */
const escaped = (text: string) =>
  [...text].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('');

eachDatabase((suite) => {
  let server: TestServer;
  let admin: Api;

  before(async () => {
    // Every line the server writes, down to the most talkative level.
    server = await startTestServer(
      suite.database,
      { RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'trace' },
      { listen: true },
    );
    server.clock.setTo(Date.parse('2027-01-04T10:00:00Z'));
    const venue = await makeVenue(suite.db);
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await venueSettings(admin, venue.orgId);
  });
  after(() => server.close());

  /** A sent proposal's link: its token and the proposal's id. */
  const sentLink = async (name: string) => {
    const priced = await pricedBooking(admin, { name, events: 1, linesPerEvent: 1 });
    const made = await admin<{ data: { id: string } }>('/v2/documents', {
      method: 'POST',
      body: documentBody('proposal', priced.booking),
    });
    const sent = await admin<{ meta: { share_url: string } }>(`/v2/documents/${made.body.data.id}/send`, {
      method: 'POST',
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    return {
      token: new URL(sent.body.meta.share_url).pathname.split('/p/')[1]!,
      documentId: made.body.data.id,
    };
  };
  /** A sent proposal's link token. */
  const sentToken = async (name: string) => (await sentLink(name)).token;

  it('logs no token of a link, however its path is escaped, served or not', async () => {
    const token = await sentToken('Mensah wedding');
    const body = token.slice(4);
    const ways = [
      [`/%70/${token}`, 200],
      [`/%2570/${token}`, 404],
      [`/p/${escaped('mqd_')}${body}`, 200],
      [`/p/${escaped(token)}`, 200],
      [`/%70/${token}/pdf`, 200],
      [`/P/${token}`, 404],
      [`//p//${token}`, 404],
      [`/p/${token}%2Fpdf`, 404],
      [`/%2F%70/${token}`, 404],
      [`/p/${token}`, 200],
    ] as const;
    const answers = [];
    for (const [path] of ways) answers.push((await rawGet(server, path)).status);
    assert.deepEqual(
      answers,
      ways.map(([, status]) => status),
      'the paths the router opens, and those it does not',
    );
    const logged = server.logs.filter((line) => line.includes('"path"'));
    assert.ok(logged.length >= ways.length, `every request is logged: ${logged.length}`);
    for (const line of server.logs) {
      for (const secret of [token, body, body.slice(0, 20), body.slice(-20)])
        assert.ok(!line.includes(secret), `a log line holds the token: ${line}`);
    }
    assert.ok(
      logged.some((line) => line.includes('"/p/…"')),
      'the portal path is logged with its token left out',
    );
  });

  it('opens a live link at once from an address that guessed past its free tries; guesses still wait', async () => {
    const token = await sentToken('Owusu party');
    // A server of its own: its throttle counts only these.
    const apart = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    try {
      apart.clock.setTo(server.clock.now());
      const from = '127.0.0.1';
      const guesses = [];
      for (let i = 0; i < 12; i++)
        guesses.push((await rawGet(apart, `/p/mqd_${'A'.repeat(40)}${100 + i}`, from)).status);
      assert.deepEqual(
        guesses,
        [...Array(10).fill(404), 429, 429],
        'ten guesses are free, then the address waits',
      );
      const live = await rawGet(apart, `/p/${token}`, from);
      assert.equal(live.status, 200, 'the client’s link is never held up');
      assert.match(live.body, /Owusu party/);
      assert.equal((await rawGet(apart, `/p/${token}/pdf`, from)).status, 200);
      assert.equal(
        (await rawGet(apart, `/p/mqd_${'B'.repeat(43)}`, from)).status,
        429,
        'a guess still waits',
      );
      assert.equal((await rawGet(apart, `/p/${token}`, from)).status, 200, 'and the link still opens');
    } finally {
      await apart.close();
    }
  });

  it('notes a link’s use at most once a minute', async () => {
    const { token, documentId } = await sentLink('Darko dinner');
    const lastUsed = async () =>
      (
        await suite.db
          .selectFrom('document_links')
          .select('last_used_at')
          .where('document_id', '=', documentId)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    server.clock.setTo(Date.parse('2027-01-04T15:00:00Z'));
    const before = server.clock.now();
    const view = async () => assert.equal((await rawGet(server, `/p/${token}`)).status, 200);
    await view();
    const first = Date.parse((await lastUsed()) ?? '');
    assert.ok(first >= before && first <= server.clock.now(), 'noted on the first view');
    server.clock.advance(30_000);
    await view();
    assert.equal(Date.parse((await lastUsed()) ?? ''), first, 'not written again within the minute');
    server.clock.advance(30_000);
    await view();
    assert.ok(Date.parse((await lastUsed()) ?? '') >= first + 60_000, 'noted again a minute later');
  });
});
