/**
 * Settings → Documents (SPEC §13), for admins, over real HTTP: the venue's address; a logo taken
 * only when its bytes are a PNG or JPEG whose dimensions decode (never by its name or claimed
 * type) and of at most 1 MB, kept as a PNG still (logo-uploads.test.ts: how it is made ready);
 * templates refused with their line and reason when they cannot be
 * read or name what does not exist (the sandbox: no prototype, no file, no endless loop), saved
 * otherwise and used by the next version, back to the defaults on request; members kept out.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { documentBody, pricedBooking, venueSettings } from '../helpers/document-fixtures.js';
import { makeUser } from '../helpers/factories.js';
import { makeVenue, signIn, type Venue } from '../helpers/oauth.js';
import { pdfText } from '../helpers/pdf-text.js';
import { bandedPng, pngHeaderOf } from '../helpers/png.js';
import { type Api, apiFor } from '../helpers/writes.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: BrowserSession;
  let api: Api;
  let path: string;

  /** Posts the logo form with a file of these bytes, named and typed as given. */
  const upload = async (bytes: Uint8Array, name = 'logo.png', type = 'image/png') => {
    const page = await admin.request(path);
    const form = new FormData();
    form.append('_csrf', formFields(page.body, `${path}/logo`)._csrf ?? '');
    form.append('logo', new Blob([bytes], { type }), name);
    const response = await fetch(`${server.url}${path}/logo`, {
      method: 'POST',
      body: form,
      headers: { cookie: admin.cookieHeader() },
      redirect: 'manual',
    });
    return { status: response.status, body: await response.text() };
  };
  const logoRow = () =>
    suite.db
      .selectFrom('document_settings')
      .select('logo_sha256')
      .where('organization_id', '=', venue.orgId)
      .executeTakeFirst();

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    venue = await makeVenue(suite.db);
    admin = new BrowserSession(server.url);
    await signIn(server, admin, venue.user.email);
    path = `/orgs/${venue.orgId}/settings/documents`;
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await venueSettings(api, venue.orgId);
  });
  after(() => server.close());

  describe('the venue', () => {
    it('keeps the address, and shows it on the next document', async () => {
      const page = await admin.request(path);
      assert.equal(page.status, 200);
      const saved = await admin.request(`${path}/address`, {
        form: {
          ...formFields(page.body, `${path}/address`),
          venue_address: ' 1 Quay Street \r\n\r\nBristol BS1 4DJ ',
        },
      });
      assert.equal(saved.status, 303);
      const row = await suite.db
        .selectFrom('document_settings')
        .select('venue_address')
        .where('organization_id', '=', venue.orgId)
        .executeTakeFirstOrThrow();
      assert.equal(row.venue_address, '1 Quay Street\nBristol BS1 4DJ');
      const tooLong = await admin.request(`${path}/address`, {
        form: { ...formFields(page.body, `${path}/address`), venue_address: 'a\nb\nc\nd\ne\nf\ng' },
      });
      assert.equal(tooLong.status, 422);
      assert.match(tooLong.body, /An address is at most 6 lines/);
    });

    it('takes a PNG logo by its bytes, and refuses what is not one, whatever it is called', async () => {
      const refusals: Array<[Uint8Array, string, string, RegExp]> = [
        [new TextEncoder().encode('not an image at all'), 'logo.png', 'image/png', /is neither/],
        [
          new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
          'logo.png',
          'image/png',
          /cannot be read as one/,
        ],
        [
          new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]),
          'logo.jpg',
          'image/jpeg',
          /cannot be read as one/,
        ],
        [new Uint8Array(1024 * 1024 + 10).fill(7), 'big.png', 'image/png', /larger than 1 MB/],
        [bandedPng(5000, 2, [0, 0, 0], [255, 255, 255]), 'wide.png', 'image/png', /at most 4000 on a side/],
        [new Uint8Array(), 'empty.png', 'image/png', /Choose a PNG or JPEG/],
      ];
      for (const [bytes, name, type, words] of refusals) {
        const refused = await upload(bytes, name, type);
        assert.equal(refused.status, 422, name);
        assert.match(refused.body, words);
      }
      assert.equal((await logoRow())?.logo_sha256 ?? null, null, 'nothing kept');

      const logo = bandedPng(240, 80, [36, 59, 99], [214, 180, 96]);
      const taken = await upload(logo, 'innocent.txt', 'text/plain');
      assert.equal(
        taken.status,
        303,
        `a PNG by its bytes, whatever its name and claimed type: ${/field-error[^>]*>([^<]*)/.exec(taken.body)?.[1]}`,
      );
      const kept = await suite.db
        .selectFrom('document_logos')
        .selectAll()
        .where('organization_id', '=', venue.orgId)
        .executeTakeFirstOrThrow();
      assert.deepEqual([kept.media_type, Number(kept.width), Number(kept.height)], ['image/png', 240, 80]);
      assert.deepEqual(pngHeaderOf(new Uint8Array(kept.bytes)), {
        width: 240,
        height: 80,
        bitDepth: 8,
        colourType: 2,
      });
      assert.match(
        (await admin.request(path)).body,
        /<img class="logo-preview" src="data:image\/png;base64,/,
      );

      const { booking } = await pricedBooking(api, { events: 1, linesPerEvent: 1 });
      const made = await api('/v2/documents', { method: 'POST', body: documentBody('proposal', booking) });
      const pdf = await fetch(`${server.url}/v2/documents/${made.body.data.id}/pdf`, {
        headers: {
          authorization: `Bearer ${await clientCredentialsToken(server, venue)}`,
          'x-api-org': venue.orgId,
        },
      });
      const bytes = Buffer.from(await pdf.arrayBuffer());
      assert.ok(bytes.includes(Buffer.from('/Subtype /Image')), 'the logo is drawn in the PDF');
      const text = await pdfText(new Uint8Array(bytes));
      assert.ok(text.text.includes('1 Quay Street Bristol BS1 4DJ'), text.pages[0]);
    });

    it('keeps members out', async () => {
      const member = new BrowserSession(server.url);
      await signIn(server, member, (await makeUser(suite.db, venue.orgId, { role: 'member' })).email);
      assert.equal((await member.request(path)).status, 403);
    });
  });

  describe('templates', () => {
    const save = async (kind: string, texts: Record<string, string>) => {
      const page = await admin.request(`${path}?kind=${kind}`);
      const fields = formFields(page.body, `${path}/templates/${kind}`);
      return admin.request(`${path}/templates/${kind}`, {
        form: { ...fields, header: '', footer: '', terms: '', ...texts },
      });
    };

    it('refuses every broken template at once, with its line and why, in words', async () => {
      const refused = await save('proposal', {
        header: 'Dear {{ contact.first_name }},\n\nWelcome to {{ booking.nam }}.',
        terms: 'One\nTwo\n{% if booking.name %}never closed',
        footer: '{{ booking.constructor }}',
      });
      assert.equal(refused.status, 422);
      assert.match(refused.body, /Line 3: \{\{ booking\.nam \}\} is not a merge field/);
      assert.match(refused.body, /Line 3: tag \{% if booking\.name %\} not closed/);
      assert.match(refused.body, /Line 1: \{\{ booking\.constructor \}\} is not a merge field/);
      const sandbox = await save('proposal', {
        header: "{% include '/etc/passwd' %}",
        terms: '{{ booking.name | shell }}',
        footer: '{% for i in (1..100000000) %}x{% endfor %}',
      });
      assert.equal(sandbox.status, 422);
      assert.match(sandbox.body, /a template cannot bring in another one/);
      assert.match(sandbox.body, /&quot;shell&quot; is not a Liquid filter/);
      assert.match(sandbox.body, /far more text than a document holds/);
      const stored = await suite.db
        .selectFrom('document_templates')
        .select('kind')
        .where('organization_id', '=', venue.orgId)
        .execute();
      assert.deepEqual(stored, [], 'nothing saved');
    });

    it('saves templates the next version uses, and goes back to the defaults', async () => {
      const saved = await save('proposal', {
        header: 'Hello {{ contact.first_name }}: {{ events.size }} events for {{ account.name | upcase }}.',
        terms: '## Our promise\n{% for e in events %}{{ e.name }} on {{ e.day }}{% endfor %}',
        footer: '{{ venue.name }} — {{ booking.reference }}',
      });
      assert.equal(saved.status, 303);
      const { booking } = await pricedBooking(api, { name: 'Templated', events: 1, linesPerEvent: 1 });
      const made = await api('/v2/documents', { method: 'POST', body: documentBody('proposal', booking) });
      const token = await clientCredentialsToken(server, venue);
      const read = async (id: string) =>
        pdfText(
          new Uint8Array(
            await (
              await fetch(`${server.url}/v2/documents/${id}/pdf`, {
                headers: { authorization: `Bearer ${token}`, 'x-api-org': venue.orgId },
              })
            ).arrayBuffer(),
          ),
        );
      const { text } = await read(made.body.data.id);
      assert.ok(text.includes('Hello Ama: 1 events for MENSAH FAMILY.'), text);
      assert.ok(text.includes('Our promise Ceremony on Saturday 12 June 2027'), text);
      const page = await admin.request(`${path}?kind=proposal`);
      const restored = await admin.request(`${path}/templates/proposal/defaults`, {
        form: formFields(page.body, `${path}/templates/proposal/defaults`),
      });
      assert.equal(restored.status, 303);
      const again = await api('/v2/documents', { method: 'POST', body: documentBody('proposal', booking) });
      assert.ok((await read(again.body.data.id)).text.includes('Thank you for considering'));
      assert.ok(
        (await read(made.body.data.id)).text.includes('Hello Ama'),
        'a version keeps the templates it was made with',
      );
    });
  });
});
