/**
 * Documents in the workspace (SPEC §13), through the pages as a browser without JavaScript uses
 * them: a booking's Documents section makes versions (a BEO of one of its events, with prices or
 * not), a document's page previews it as its PDF shows it and downloads it, sending shows the
 * client's link once, a link is revoked from the booking's page, an invoice is issued and only an
 * admin voids it, a proposal accepted while its booking's events clash says why on the booking's
 * page, naming the booking that holds the space; a note is marked for the BEO from its form.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { type PricedBooking, pricedBooking, venueSettings } from '../helpers/document-fixtures.js';
import { makeUser } from '../helpers/factories.js';
import { makeVenue, signIn, type Venue } from '../helpers/oauth.js';
import { pdfText } from '../helpers/pdf-text.js';
import { type Api, apiFor, created } from '../helpers/writes.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  let admin: BrowserSession;
  let priced: PricedBooking;
  let bookingPath: string;

  /** Submits the form at `action` found on `page`, with `fields` filled in. */
  const submit = async (
    session: BrowserSession,
    page: string,
    action: string,
    fields: Record<string, string> = {},
  ) =>
    session.request(action, {
      form: { ...formFields(await (await session.request(page)).body, action), ...fields },
    });
  const documentsOf = () =>
    suite.db
      .selectFrom('documents')
      .selectAll()
      .where('booking_id', '=', priced.booking)
      .orderBy('created_at')
      .execute();

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.setTo(Date.parse('2027-01-04T10:00:00Z'));
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await venueSettings(api, venue.orgId);
    priced = await pricedBooking(api, { events: 2, linesPerEvent: 1 });
    admin = new BrowserSession(server.url, server.fetch);
    await signIn(server, admin, venue.user.email);
    bookingPath = `/orgs/${venue.orgId}/bookings/${priced.booking}`;
  });
  after(() => server.close());

  it('makes versions from the booking’s page, and shows each as its PDF shows it', async () => {
    const page = await admin.request(bookingPath);
    assert.match(page.body, /<h2 id="documents-title">Documents<\/h2>/);
    assert.match(page.body, /No documents yet/);
    assert.match(
      page.body,
      new RegExp(`<option value="beo:${priced.events[1]}">BEO — Wedding breakfast</option>`),
    );
    const action = `${bookingPath}/documents`;
    const made = await submit(admin, bookingPath, action, { kind: 'proposal' });
    assert.equal(made.status, 303);
    const preview = await admin.request(made.location!);
    assert.match(preview.body, /<h1>Proposal v1<\/h1>/);
    assert.match(preview.body, /A new version is made/);
    assert.match(preview.body, /<p class="doc-watermark">Draft<\/p>/);
    for (const words of [
      'Prepared for',
      'Your events',
      'What we will provide',
      'Payment schedule',
      'Terms and conditions',
    ])
      assert.ok(preview.body.includes(words), words);
    const pdf = await server.fetch(`${made.location!.replace(/\?.*$/, '')}/pdf`, {
      headers: { cookie: admin.cookieHeader() },
    });
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    assert.ok(text.includes('Your events') && text.includes('Terms and conditions'));

    const beo = await submit(admin, bookingPath, action, {
      kind: `beo:${priced.events[1]}`,
      show_prices: 'yes',
    });
    const beoPage = await admin.request(beo.location!);
    assert.match(beoPage.body, /<h1>BEO v1 — Wedding breakfast<\/h1>/);
    assert.match(beoPage.body, /Unit price/);
    const [, row] = (await documentsOf()).filter((d) => d.kind === 'beo' || d.kind === 'proposal');
    assert.deepEqual([row?.kind, row?.event_id, row?.show_prices], ['beo', priced.events[1], 1]);
    const forged = await admin.request(action, { form: { _csrf: 'forged', kind: 'proposal' } });
    assert.equal(forged.status, 403);
  });

  it('sends a proposal, showing the client’s link once, and revokes a link from the booking’s page', async () => {
    const proposal = (await documentsOf()).find((d) => d.kind === 'proposal')!;
    const documentPath = `/orgs/${venue.orgId}/documents/${proposal.id}`;
    const posted = await submit(admin, documentPath, `${documentPath}/send`);
    assert.equal(posted.status, 303);
    const sent = await admin.request(posted.location!);
    const link = /<input id="share-url" type="text" readonly value="([^"]+)"/.exec(sent.body)?.[1];
    assert.match(link ?? '', new RegExp(`^${server.url}/p/mqd_`));
    assert.ok(!(await admin.request(documentPath)).body.includes(link!), 'shown once');
    assert.equal((await admin.request(new URL(link!).pathname)).status, 200);

    const page = await admin.request(bookingPath);
    assert.match(
      page.body,
      /Client link made Mon 4 Jan 2027, \d\d:\d\d: works until Wed 3 Feb 2027; last opened/,
    );
    const [stored] = await suite.db
      .selectFrom('document_links')
      .select('id')
      .where('document_id', '=', proposal.id)
      .execute();
    const revoked = await submit(
      admin,
      bookingPath,
      `/orgs/${venue.orgId}/document-links/${stored!.id}/revoke`,
    );
    assert.equal(revoked.status, 303);
    assert.match(
      (await admin.request(revoked.location!)).body,
      /Link revoked: it no longer opens the document\./,
    );
    assert.equal((await admin.request(new URL(link!).pathname)).status, 404);
  });

  it('issues an invoice, and lets only an admin void it', async () => {
    const made = await submit(admin, bookingPath, `${bookingPath}/documents`, { kind: 'invoice' });
    const documentPath = new URL(made.location!).pathname;
    const issued = await submit(admin, documentPath, `${documentPath}/issue`);
    assert.equal(issued.status, 303);
    const page = await admin.request(issued.location!);
    assert.match(page.body, /Issued<\/span> INV-00001/);
    assert.doesNotMatch(page.body, /doc-watermark/);
    const member = new BrowserSession(server.url, server.fetch);
    await signIn(server, member, (await makeUser(suite.db, venue.orgId, { role: 'member' })).email);
    const memberPage = await member.request(documentPath);
    assert.doesNotMatch(memberPage.body, />Void</, 'not offered');
    const refused = await member.request(`${documentPath}/void`, {
      form: formFields(memberPage.body, '/sign-out'),
    });
    assert.equal(refused.status, 403);
    assert.match(refused.body, /Only an organization admin may void an issued invoice: it binds the venue\./);
    const voided = await submit(admin, documentPath, `${documentPath}/void`);
    assert.match((await admin.request(voided.location!)).body, /Void<\/span> INV-00001/);
  });

  it('says on the booking’s page why an accepted proposal did not confirm it, naming the booking in the way', async () => {
    const clashing = await pricedBooking(api, {
      name: 'Osei wedding',
      events: 1,
      linesPerEvent: 1,
      day: '2027-10-02',
    });
    const holder = await created(api, '/v2/bookings', {
      data: {
        type: 'bookings',
        attributes: {
          name: 'Autumn conference',
          status: 'definite',
          start_at: '2027-10-02T09:00:00Z',
          end_at: '2027-10-02T17:00:00Z',
          timezone: 'Europe/London',
        },
        relationships: {
          account: { data: { type: 'accounts', id: clashing.account } },
          spaces: { data: [{ type: 'spaces', id: clashing.spaces[0]! }] },
        },
      },
    });
    const path = `/orgs/${venue.orgId}/bookings/${clashing.booking}`;
    const made = await submit(admin, path, `${path}/documents`, { kind: 'proposal' });
    const documentPath = new URL(made.location!).pathname;
    const sent = await admin.follow((await submit(admin, documentPath, `${documentPath}/send`)).location!);
    const link = new URL(/value="(http[^"]+\/p\/[^"]+)"/.exec(sent.body)![1]!).pathname;
    const client = new BrowserSession(server.url, server.fetch);
    const accepted = await submit(client, link, `${link}/accept`, { name: 'Kofi Osei', agreed: 'yes' });
    assert.equal(accepted.status, 303);
    const page = await admin.request(path);
    const reference = (await api(`/v2/bookings/${holder}`)).body.data.attributes.reference as string;
    assert.match(page.body, /<h2>Kofi Osei accepted Proposal v1<\/h2>/);
    assert.match(page.body, /The booking did not turn definite<\/strong>: its events cannot be held/);
    assert.ok(
      page.body.includes(
        `<a href="/orgs/${venue.orgId}/bookings/${holder}">${reference} Autumn conference</a>`,
      ),
    );
    assert.match(page.body, /<span class="badge status-tentative">Tentative<\/span>/);
  });

  it('marks a note for the BEO from the booking’s note form, and prints it on the next BEO', async () => {
    const noted = await submit(admin, bookingPath, `${bookingPath}/notes`, {
      body: 'Wheelchair access through the garden gate.',
      for_beo: 'yes',
    });
    assert.equal(noted.status, 303);
    assert.match(
      (await admin.request(bookingPath)).body,
      /Wheelchair access through the garden gate\.<\/div>|For the BEO<\/span>/,
    );
    const made = await submit(admin, bookingPath, `${bookingPath}/documents`, {
      kind: `beo:${priced.events[0]}`,
    });
    assert.match((await admin.request(made.location!)).body, /Wheelchair access through the garden gate\./);
    const [note] = await suite.db
      .selectFrom('notes')
      .select(['id', 'for_beo'])
      .where('notable_id', '=', priced.booking)
      .execute();
    assert.equal(Number(note?.for_beo), 1);
    const edit = `/orgs/${venue.orgId}/notes/${note!.id}`;
    const unmarked = await submit(admin, `${edit}/edit`, edit, {
      body: 'Wheelchair access through the garden gate.',
    });
    assert.equal(unmarked.status, 303);
    const after_ = await suite.db
      .selectFrom('notes')
      .select('for_beo')
      .where('id', '=', note!.id)
      .executeTakeFirstOrThrow();
    assert.equal(Number(after_.for_beo), 0, 'an unticked box unmarks it');
  });
});
