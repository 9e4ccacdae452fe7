/**
 * The public inquiry form (SPEC §14): settings on /v2/organization; /inquire/<slug> in the
 * venue's name under a strict policy, framed only by the listed origins; a form post after the
 * minimum fill time (the injected clock) makes a lead with its source and details and e-mails the
 * admins a link to it (a real SMTP server); JSON posts with the hidden fields of ?format=json,
 * CORS for the listed origins only. Each defence refuses in words and creates nothing: the
 * honeypot, a post too soon, a forged token, another site's page, too many posts from one
 * address, a body too large, bad fields.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { MailSender } from '../../src/mail/sender.js';
import { createLogger } from '../../src/http/logger.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { countRows, eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { TestSmtpServer } from '../helpers/smtp-server.js';
import { type Api, apiFor, changeDocument, type Many } from '../helpers/writes.js';

const EMBEDDER = 'https://www.example-venue.com';

eachDatabase((suite) => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let sender: MailSender;
  let venue: Venue;
  let api: Api;
  let address = 0;

  before(async () => {
    smtp = new TestSmtpServer();
    server = await startTestServer(suite.database, {
      RATE_LIMIT_PER_MINUTE: '0',
      SMTP_URL: await smtp.start(),
    });
    sender = new MailSender({
      db: suite.db,
      config: server.config,
      clock: server.clock,
      logger: createLogger('silent'),
    });
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    const set = await api('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', venue.orgId, {
        timezone: 'Europe/London',
        inquiry_form: {
          enabled: true,
          slug: 'the-old-mill',
          intro: 'Tell us about your day.',
          thank_you: 'Thank you: we answer within a day.',
          event_types: ['Wedding', 'Conference'],
          embed_origins: [EMBEDDER],
        },
      }),
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
  });
  after(async () => {
    await sender.stop();
    await server.close();
    await smtp.close();
  });

  /** Each post from an address of its own, unless the test is about one address. */
  const post = (body: string | Record<string, unknown>, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url: '/inquire/the-old-mill',
      remoteAddress: headers['x-from'] ?? `10.0.${Math.floor(++address / 200)}.${address % 200}`,
      headers: {
        'content-type': typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json',
        ...headers,
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const hidden = async () => {
    const response = await server.app.inject({ url: '/inquire/the-old-mill?format=json' });
    assert.equal(response.statusCode, 200);
    return (response.json() as { data: { attributes: { hidden: Record<string, string> } } }).data.attributes
      .hidden;
  };
  const fields = {
    name: 'Ada Okafor',
    email: 'ada@example.com',
    event_type: 'Wedding',
    date: '2027-09-18',
    start_time: '14:00',
    end_time: '23:30',
    guest_count: '120',
    message: 'A ceremony in the garden.',
    utm_source: 'google',
    utm_campaign: 'autumn',
  };
  const leads = () => countRows(suite.db, 'bookings');

  it('refuses bad settings at their members, and a slug another venue has', async () => {
    const bad = await api<{ errors: Array<{ source: { pointer: string } }> }>('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', venue.orgId, {
        inquiry_form: { slug: 'Not A Slug!', embed_origins: ['http://evil.example/path'] },
      }),
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body.errors.map((e) => e.source.pointer).sort(), [
      '/data/attributes/inquiry_form/embed_origins',
      '/data/attributes/inquiry_form/slug',
    ]);
    const other = await makeVenue(suite.db);
    const otherApi = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
    const taken = await otherApi<{ errors: Array<{ code: string }> }>('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', other.orgId, { inquiry_form: { slug: 'the-old-mill' } }),
    });
    assert.equal(taken.status, 422);
    assert.equal(taken.body.errors[0]!.code, 'taken');
  });

  it('takes only exact https://host[:port] origins, naming each bad entry, and keeps the settings as they were', async () => {
    const bad = [
      'https://a.example;sandbox',
      '*',
      'https://*.example.com',
      'http://localhost:3000',
      'https://b.example/path',
      "'self'",
      'https://c.example:99999',
      'https://user@d.example',
    ];
    const refused = await api<{ errors: Array<{ detail: string; source: { pointer: string } }> }>(
      '/v2/organization',
      {
        method: 'PATCH',
        body: changeDocument('organizations', venue.orgId, {
          inquiry_form: { embed_origins: ['https://ok.example', ...bad] },
        }),
      },
    );
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    const [error] = refused.body.errors;
    assert.equal(error!.source.pointer, '/data/attributes/inquiry_form/embed_origins');
    for (const entry of bad)
      assert.ok(error!.detail.includes(`"${entry}"`), `names ${entry}: ${error!.detail}`);
    assert.ok(!error!.detail.includes('"https://ok.example"'), 'names only the bad ones');
    const page = await server.app.inject({ url: '/inquire/the-old-mill' });
    assert.match(String(page.headers['content-security-policy']), new RegExp(`frame-ancestors ${EMBEDDER}$`));
    const fine = await api('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', venue.orgId, {
        inquiry_form: { embed_origins: [EMBEDDER, 'https://Events.Example-Venue.com:8443/'] },
      }),
    });
    assert.equal(fine.status, 200, JSON.stringify(fine.body));
    const framed = await server.app.inject({ url: '/inquire/the-old-mill' });
    assert.match(
      String(framed.headers['content-security-policy']),
      new RegExp(`frame-ancestors ${EMBEDDER} https://events.example-venue.com:8443$`),
    );
    await api('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', venue.orgId, { inquiry_form: { embed_origins: [EMBEDDER] } }),
    });
  });

  it('serves the venue’s form under a strict policy that only the listed origins may frame', async () => {
    const page = await server.app.inject({ url: '/inquire/the-old-mill?utm_source=google' });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Tell us about your day\./);
    assert.match(page.body, /name="utm_source" value="google"/);
    assert.doesNotMatch(page.body, /<script/);
    const policy = String(page.headers['content-security-policy']);
    assert.match(policy, new RegExp(`frame-ancestors ${EMBEDDER}$`));
    assert.match(policy, /default-src 'none'/);
    assert.equal(page.headers['x-frame-options'], undefined);
    assert.equal((await server.app.inject({ url: '/inquire/nowhere' })).statusCode, 404);
  });

  it('takes a form post after the fill time: a lead with its source, and the admins e-mailed a link', async () => {
    const { token } = await hidden();
    server.clock.advance(3_500);
    const before = smtp.received.length;
    const response = await post(new URLSearchParams({ ...fields, token: token!, website: '' }).toString());
    assert.equal(response.statusCode, 200, response.body);
    assert.match(response.body, /Thank you: we answer within a day\./);
    const [booking] = (await api<Many>('/v2/bookings?sort=-created_at&page[size]=1')).body.data;
    assert.ok(booking);
    assert.deepEqual(
      [
        booking.attributes.status,
        booking.attributes.source,
        booking.attributes.source_details,
        booking.attributes.start_at,
      ],
      ['lead', 'inquiry_form', { utm_source: 'google', utm_campaign: 'autumn' }, '2027-09-18T13:00:00.000Z'],
    );
    await sender.sendDue();
    const mail = smtp.received.slice(before);
    assert.deepEqual(
      mail.map((m) => m.to),
      [[venue.user.email]],
    );
    assert.match(mail[0]!.parsed.text ?? '', new RegExp(`/orgs/${venue.orgId}/bookings/${booking.id}`));
    assert.match(mail[0]!.parsed.subject ?? '', /New inquiry/);
  });

  it('takes a JSON post from a listed origin with CORS, and refuses another site’s page', async () => {
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/inquire/the-old-mill',
      headers: { origin: EMBEDDER },
    });
    assert.equal(preflight.headers['access-control-allow-origin'], EMBEDDER);
    const other = await server.app.inject({
      method: 'OPTIONS',
      url: '/inquire/the-old-mill',
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(other.headers['access-control-allow-origin'], undefined);
    const before = await leads();
    const hiddenFields = await hidden();
    server.clock.advance(3_500);
    const taken = await post({ ...fields, ...hiddenFields, email: 'json@example.com' }, { origin: EMBEDDER });
    assert.equal(taken.statusCode, 201, taken.body);
    assert.equal(taken.headers['access-control-allow-origin'], EMBEDDER);
    const refused = await post(
      { ...fields, ...hiddenFields, email: 'x@example.com' },
      { origin: 'https://evil.example' },
    );
    assert.equal(refused.statusCode, 403);
    assert.match(refused.body, /does not take inquiries sent from https:\/\/evil\.example/);
    assert.equal(await leads(), before + 1);
  });

  it('refuses each kind of spam in words and creates nothing', async () => {
    const before = await leads();
    const early = await hidden();
    const tooSoon = await post({ ...fields, ...early });
    assert.equal(tooSoon.statusCode, 422);
    assert.match(tooSoon.body, /too quickly/);
    server.clock.advance(3_500);
    const trapped = await post({ ...fields, ...early, website: 'http://spam.example' });
    assert.match(trapped.body, /meant to be left empty/);
    const forged = await post({ ...fields, token: `${server.clock.now() - 10_000}.forged` });
    assert.match(forged.body, /could not be checked/);
    const bad = await post({
      ...fields,
      ...early,
      email: 'nope',
      date: '2027-02-30',
      guest_count: 'many',
      event_type: 'Rave',
    });
    assert.equal(bad.statusCode, 422);
    const pointers = (bad.json() as { errors: Array<{ source: { pointer: string } }> }).errors
      .map((e) => e.source.pointer)
      .sort();
    assert.deepEqual(pointers, ['/date', '/email', '/event_type', '/guest_count']);
    const huge = await post({ ...fields, ...early, message: 'x'.repeat(20_000) });
    assert.equal(huge.statusCode, 413);
    const one = { 'x-from': '192.0.2.77' };
    // A form token makes one inquiry: each post its own form.
    const forms = [];
    for (let i = 0; i < 6; i++) forms.push(await hidden());
    server.clock.advance(3_500);
    const answers = [];
    for (const [i, form] of forms.entries())
      answers.push((await post({ ...fields, ...form, email: `t${i}@example.com` }, one)).statusCode);
    assert.deepEqual(answers, [201, 201, 201, 201, 201, 429]);
    assert.equal(await leads(), before + 5);
  });
});
