/**
 * The client portal (SPEC §13): `/p/<token>` shows the one document and the schedule and balance,
 * without sign-in, under a strict policy, never cached, sending no referrer; a wrong, expired,
 * revoked or withdrawn link gets the same page and status; a run of wrong links from one address
 * waits (for its wrong links only); the accept form needs its CSRF token, a full name and "I agree"; accepting records the
 * signature (name, time, address, user agent, SHA-256 of the PDF shown), keeps the signed PDF
 * (the sent pages and a signature page), moves the booking to definite through the booking's own
 * command and makes the deposit due on signing; a booking whose events clash stays as it was, the
 * signature counting and the reason kept; the token never reaches the log.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { revokeDocumentLink } from '../../src/crm/documents/document-actions.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, memberClientToken } from '../helpers/api.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { documentBody, pricedBooking, venueSettings } from '../helpers/document-fixtures.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { pdfText } from '../helpers/pdf-text.js';
import { type Api, apiFor, changeDocument, created } from '../helpers/writes.js';
import { staffActor } from '../../src/policy/actor.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

interface Body {
  data: { id: string; attributes: Record<string, unknown> };
  meta?: { share_url: string };
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;

  /** A proposal of a new priced booking, sent: its id, link and booking. */
  const sentProposal = async (name: string, options: { day?: string } = {}) => {
    const priced = await pricedBooking(admin, { name, events: 1, linesPerEvent: 2, ...options });
    const made = await admin<Body>('/v2/documents', {
      method: 'POST',
      body: documentBody('proposal', priced.booking),
    });
    const sent = await admin<Body>(`/v2/documents/${made.body.data.id}/send`, { method: 'POST' });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const url = sent.body.meta!.share_url;
    return { id: made.body.data.id, url, path: new URL(url).pathname, priced };
  };
  const client = () => new BrowserSession(server.url, server.fetch);
  const accept = async (
    path: string,
    form: Record<string, string>,
    userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)',
  ) => {
    const session = client();
    const page = await session.request(path);
    assert.equal(page.status, 200, page.body);
    const fields = formFields(page.body, `${path}/accept`);
    const response = await server.fetch(`${server.url}${path}/accept`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: session.cookieHeader(),
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': userAgent,
      },
      body: new URLSearchParams({ ...fields, ...form }).toString(),
    });
    return {
      status: response.status,
      location: response.headers.get('location'),
      body: await response.text(),
    };
  };
  const attributes = async (path: string) => (await admin<Body>(path)).body.data.attributes;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info' });
    server.clock.setTo(Date.parse('2027-01-04T10:00:00Z'));
    venue = await makeVenue(suite.db);
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await venueSettings(admin, venue.orgId);
  });
  after(() => server.close());

  describe('reading', () => {
    it('shows the one document, its schedule and balance, with a strict policy, no cache and no referrer', async () => {
      const { path } = await sentProposal('Adjei wedding');
      const page = await client().request(path);
      assert.equal(page.status, 200);
      assert.equal(page.headers.get('content-security-policy'), POLICY);
      assert.equal(page.headers.get('referrer-policy'), 'no-referrer');
      assert.equal(page.headers.get('cache-control'), 'no-store');
      for (const words of [
        'Adjei wedding',
        'Prepared for',
        'Ama Mensah',
        'Your events',
        'Payment schedule',
        'Terms and conditions',
        'Balance due',
        'Accept this proposal',
        'Deposit',
        'On signing',
      ]) {
        assert.ok(page.body.includes(words), `the page says "${words}"`);
      }
      assert.ok(!/<script/i.test(page.body), 'no script');
      assert.ok(!page.body.includes('/orgs/'), 'nothing of the workspace');
      const pdf = await server.fetch(`${server.url}${path}/pdf`);
      assert.equal(pdf.headers.get('content-type'), 'application/pdf');
      assert.ok((await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text.includes('Adjei wedding'));
    });

    it('answers a wrong, an expired, a revoked and a withdrawn link alike, revealing nothing', async () => {
      const live = await sentProposal('Boateng party');
      const revoked = await sentProposal('Boateng lunch');
      const link = await suite.db
        .selectFrom('document_links')
        .select('id')
        .where('document_id', '=', revoked.id)
        .executeTakeFirstOrThrow();
      await write(
        server.app.ctx.writer,
        staffActor({ organizationId: venue.orgId, userId: venue.user.id, role: 'admin', door: 'workspace' }),
        revokeDocumentLink,
        { linkId: link.id },
      );
      const withdrawn = await sentProposal('Boateng dinner');
      assert.equal((await admin(`/v2/documents/${withdrawn.id}/void`, { method: 'POST' })).status, 200);
      const wrong = `${live.path.slice(0, -4)}AAAA`;
      // On a server of its own: its clock moves a month on, and its throttle counts these.
      const apart = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
      // The same day as the server the links were made on, whatever day this runs.
      apart.clock.setTo(server.clock.now());
      try {
        const visitor = () => new BrowserSession(apart.url, apart.fetch);
        const answers = [];
        for (const path of [wrong, '/p/nonsense', revoked.path, withdrawn.path, `${revoked.path}/pdf`])
          answers.push(await visitor().request(path));
        apart.clock.setTo(server.clock.now() + 31 * 86400_000);
        answers.push(await visitor().request(live.path));
        assert.deepEqual(
          answers.map((a) => a.status),
          [404, 404, 404, 404, 404, 404],
        );
        assert.equal(new Set(answers.map((a) => a.body)).size, 1, 'one and the same page');
        assert.match(answers[0]!.body, /This link does not work/);
      } finally {
        await apart.close();
      }
      assert.equal((await client().request(live.path)).status, 200, 'a live link still works');
    });

    it('makes an address that opens wrong link after wrong link wait, its live link still opening, and the token never reaches the log', async () => {
      const { path } = await sentProposal('Darko party');
      const throttled = await startTestServer(suite.database, {
        RATE_LIMIT_PER_MINUTE: '0',
        LOG_LEVEL: 'info',
      });
      throttled.clock.setTo(server.clock.now());
      try {
        const session = new BrowserSession(throttled.url, throttled.fetch);
        for (let i = 0; i < 10; i++) assert.equal((await session.request(`/p/mqd_wrong${i}`)).status, 404);
        const refused = await session.request('/p/mqd_wrong-again');
        assert.equal(refused.status, 429);
        assert.ok(Number(refused.headers.get('retry-after')) > 0);
        assert.equal((await session.request(path)).status, 200, 'a live link never waits for the guesses');
        throttled.clock.advance(3600_000);
        assert.equal((await session.request('/p/mqd_wrong-later')).status, 404, 'the wait is over');
        const token = path.split('/p/')[1]!;
        const logs = [...server.logs, ...throttled.logs].join('\n');
        assert.ok(logs.includes('/p/…'), 'portal requests are logged without their token');
        assert.ok(!logs.includes(token));
      } finally {
        await throttled.close();
      }
    });
  });

  describe('accepting', () => {
    it('refuses a forged form, and one without a full name or "I agree", every problem at once', async () => {
      const { path, id } = await sentProposal('Eshun wedding');
      const forged = await server.fetch(`${server.url}${path}/accept`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=Ama+Mensah&agreed=yes&_csrf=forged',
      });
      assert.equal(forged.status, 403);
      const refused = await accept(path, { name: ' ' });
      assert.equal(refused.status, 422);
      assert.match(refused.body, /Type your full name to accept/);
      assert.match(refused.body, /Tick “I agree” to accept/);
      assert.equal((await attributes(`/v2/documents/${id}`)).status, 'sent');
    });

    it('records the signature, keeps the signed PDF, confirms the booking and makes the deposit due', async () => {
      const { path, id, priced } = await sentProposal('Frimpong wedding');
      const sentPdf = new Uint8Array(await (await server.fetch(`${server.url}${path}/pdf`)).arrayBuffer());
      const accepted = await accept(path, { name: '  Ama Mensah ', agreed: 'yes' });
      assert.equal(accepted.status, 303, accepted.body);
      assert.equal(accepted.location, `${path}?notice=accepted`);

      const document = await attributes(`/v2/documents/${id}`);
      assert.equal(document.status, 'signed');
      const signature = await suite.db
        .selectFrom('document_signatures')
        .selectAll()
        .where('document_id', '=', id)
        .executeTakeFirstOrThrow();
      assert.equal(signature.name, 'Ama Mensah');
      assert.equal(signature.address, '127.0.0.1');
      assert.match(signature.user_agent, /iPhone/);
      assert.equal(signature.seen_sha256, sha256(sentPdf));
      assert.equal(signature.signed_at, document.signed_at);
      assert.deepEqual(JSON.parse(signature.outcome), { kind: 'confirmed' });

      const signedPdf = new Uint8Array(await (await server.fetch(`${server.url}${path}/pdf`)).arrayBuffer());
      assert.equal(document.sha256, sha256(signedPdf));
      const sent = await pdfText(sentPdf);
      const signed = await pdfText(signedPdf);
      assert.equal(signed.pages.length, sent.pages.length + 1, 'the pages sent, and a signature page');
      assert.deepEqual(signed.pages.slice(0, -1), sent.pages, 'the pages are those the client was shown');
      const last = signed.pages.at(-1)!;
      for (const words of [
        'Acceptance',
        'Ama Mensah',
        '127.0.0.1',
        'iPhone',
        sha256(sentPdf),
        'Monday 4 January 2027',
      ]) {
        assert.ok(last.includes(words), `the signature page says "${words}": ${last}`);
      }

      const booking = await attributes(`/v2/bookings/${priced.booking}`);
      assert.equal(booking.status, 'definite');
      assert.equal((await attributes(`/v2/installments/${priced.deposit}`)).state, 'due');
      const changes = await admin<{ data: Array<{ attributes: { change_type: string } }> }>(
        '/v2/changes?filter[type][in]=booking.status_changed,document.updated&page[size]=100',
      );
      assert.ok(changes.body.data.some((c) => c.attributes.change_type === 'booking.status_changed'));

      const page = await client().request(path);
      assert.match(page.body, /Ama Mensah accepted this proposal on Monday 4 January 2027/);
      assert.ok(!page.body.includes('Accept proposal'), 'the form is gone once accepted');
      // A second acceptance (a form kept open in another tab) is not recorded again.
      const other = await sentProposal('Frimpong lunch');
      const session = client();
      const fields = formFields((await session.request(other.path)).body, `${other.path}/accept`);
      const again = await session.request(`${path}/accept`, {
        form: { ...fields, name: 'Someone Else', agreed: 'yes' },
      });
      assert.deepEqual([again.status, again.location], [303, `${server.url}${path}`]);
      assert.equal(
        (
          await suite.db
            .selectFrom('document_signatures')
            .select('id')
            .where('document_id', '=', id)
            .execute()
        ).length,
        1,
      );
    });

    it('lets only an admin void an accepted proposal, after which nothing is due on signing', async () => {
      const { path, id, priced } = await sentProposal('Hammond wedding', { day: '2027-11-06' });
      assert.equal((await accept(path, { name: 'Ama Mensah', agreed: 'yes' })).status, 303);
      assert.equal((await attributes(`/v2/installments/${priced.deposit}`)).state, 'due');
      const member = apiFor(server, await memberClientToken(suite.db, server, venue), venue.orgId);
      const refused = await member<{ errors: Array<{ code: string }> }>(`/v2/documents/${id}/void`, {
        method: 'POST',
      });
      assert.deepEqual([refused.status, refused.body.errors[0]?.code], [403, 'admin_only']);
      assert.equal((await admin(`/v2/documents/${id}/void`, { method: 'POST' })).status, 200);
      assert.equal((await attributes(`/v2/installments/${priced.deposit}`)).state, 'scheduled');
      assert.equal((await client().request(path)).status, 404, 'its link stops');
    });

    it('keeps a booking whose events clash as it was, the signature counting and the clash kept', async () => {
      const { path, id, priced } = await sentProposal('Gyamfi wedding', { day: '2027-09-18' });
      const holder = await created(admin, '/v2/bookings', {
        data: {
          type: 'bookings',
          attributes: {
            name: 'Conference',
            status: 'definite',
            start_at: '2027-09-18T11:00:00Z',
            end_at: '2027-09-18T16:00:00Z',
            timezone: 'Europe/London',
          },
          relationships: {
            account: { data: { type: 'accounts', id: priced.account } },
            spaces: { data: [{ type: 'spaces', id: priced.spaces[0]! }] },
          },
        },
      });
      const reference = (await attributes(`/v2/bookings/${holder}`)).reference;
      const accepted = await accept(path, { name: 'Ama Mensah', agreed: 'yes' });
      assert.equal(accepted.status, 303);
      assert.equal((await attributes(`/v2/documents/${id}`)).status, 'signed');
      assert.equal((await attributes(`/v2/bookings/${priced.booking}`)).status, 'tentative');
      const signature = await suite.db
        .selectFrom('document_signatures')
        .selectAll()
        .where('document_id', '=', id)
        .executeTakeFirstOrThrow();
      const outcome = JSON.parse(signature.outcome) as {
        kind: string;
        clash: { reference: string; spaceName: string };
      };
      assert.equal(outcome.kind, 'clash');
      assert.equal(outcome.clash.reference, reference);
      assert.equal(outcome.clash.spaceName, 'Grand Ballroom');
      assert.equal(
        (await attributes(`/v2/installments/${priced.deposit}`)).state,
        'due',
        'the deposit is due all the same',
      );
      await admin(`/v2/bookings/${holder}`, {
        method: 'PATCH',
        body: changeDocument('bookings', holder, { status: 'lost', lost_reason: 'Test over' }),
      });
    });
  });
});
