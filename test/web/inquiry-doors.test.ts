/**
 * The public inquiry form's doors (SPEC §14, round 5), through HTTP to /inquire/<slug> and the
 * workspace's pages: a browser post from another page than the served one or an embedding
 * origin is refused, `Origin: null` too, in words; a form token makes one inquiry, in any
 * process, a refused post leaving it for the corrected one, and used tokens are pruned once
 * expired; the body limit is said as it is (16 KiB). On the booking page staff see the source,
 * the UTM fields and the referrer (the field, else the post's Referer), the message's note by
 * *Inquiry form*, a name typed whole kept whole (and greeted so, in the proposal's e-mail and its
 * header), an all-day event as all day (the page, the bookings list, the week, the BEO, the
 * proposal's merge fields); a company's account is the inquirer's only
 * when its e-mail domain is the account's, never by a free-mail domain, and a note says which.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { BrowserSession, formFields, inputValue } from '../helpers/browser-session.js';
import { countRows, eachDatabase } from '../helpers/databases.js';
import { makeVenue, signIn, type Venue } from '../helpers/oauth.js';
import { pdfText } from '../helpers/pdf-text.js';
import {
  accountDocument,
  type Api,
  apiFor,
  changeDocument,
  contactDocument,
  created,
  type Many,
  type One,
} from '../helpers/writes.js';

const EMBEDDER = 'https://www.old-mill.example';
const AT = Date.parse('2027-03-01T09:00:00Z');

/** What a page shows as text: tags gone, entities read, spaces collapsed. */
const textOf = (body: string) =>
  body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  let staff: BrowserSession;
  let self: string;
  let lumen: string;
  let address = 0;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.setTo(AT);
    self = new URL(server.config.baseUrl).origin;
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    const set = await api('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', venue.orgId, {
        timezone: 'Europe/London',
        currency: 'GBP',
        inquiry_form: { enabled: true, slug: 'old-mill', embed_origins: [EMBEDDER] },
      }),
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    // A client of the venue's: its account knows its domain by its e-mail and its contact's.
    lumen = await created(
      api,
      '/v2/accounts',
      accountDocument({ name: 'Lumen Studios', email: 'events@lumen.example' }),
    );
    await created(
      api,
      '/v2/contacts',
      contactDocument({ first_name: 'Ada', last_name: 'Byron', email: 'ada@lumen.example' }, lumen),
    );
    staff = new BrowserSession(server.url, server.fetch);
    assert.equal((await signIn(server, staff, venue.user.email)).status, 303);
  });
  after(() => server.close());

  /** The token of the form as served, and time enough passed to fill it in. */
  const served = async (on: TestServer = server) => {
    const page = await on.app.inject({ url: '/inquire/old-mill' });
    assert.equal(page.statusCode, 200);
    const token = inputValue(page.body, 'token');
    assert.ok(token);
    on.clock.advance(4_000);
    return token;
  };
  /** A form post, each from an address of its own. */
  const post = (
    fields: Record<string, string>,
    headers: Record<string, string> = {},
    on: TestServer = server,
  ) =>
    on.app.inject({
      method: 'POST',
      url: '/inquire/old-mill',
      remoteAddress: `10.1.${Math.floor(++address / 200)}.${address % 200}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams({ website: '', ...fields }).toString(),
    });
  const fields = (email: string) => ({
    name: 'Grace Mensah',
    email,
    date: '2027-10-02',
    start_time: '18:00',
    end_time: '23:00',
  });
  const bookings = () => countRows(suite.db, 'bookings');
  /** The booking an inquirer's e-mail made, as the API reads it. */
  const bookingOf = async (email: string) => {
    const row = await suite.db
      .selectFrom('bookings as b')
      .innerJoin('contacts as c', 'c.id', 'b.contact_id')
      .select('b.id')
      .where((eb) => eb(eb.fn('lower', ['c.email']), '=', email.toLowerCase()))
      .executeTakeFirstOrThrow();
    return (await api<One>(`/v2/bookings/${row.id}`)).body.data;
  };
  const bookingPage = async (id: string) => {
    const page = await staff.request(`/orgs/${venue.orgId}/bookings/${id}`);
    assert.equal(page.status, 200, page.body);
    return page.body;
  };

  it('takes a post from the served page’s origin or an embedding one, and refuses Origin: null and other sites in words', async () => {
    const before = await bookings();
    const refusals = [];
    for (const origin of ['null', 'https://evil.example', 'https://www.old-mill.example.evil.example']) {
      const answer = await post({ ...fields(`x@${address}.example`), token: await served() }, { origin });
      refusals.push([answer.statusCode, textOf(answer.body).includes('was not sent')]);
      if (origin === 'null')
        assert.match(
          textOf(answer.body),
          /sent from a page whose address your browser kept back/,
          'says why in words',
        );
    }
    assert.deepEqual(refusals, [
      [403, true],
      [403, true],
      [403, true],
    ]);
    const json = await server.app.inject({
      method: 'POST',
      url: '/inquire/old-mill',
      headers: { 'content-type': 'application/json', origin: 'null' },
      payload: JSON.stringify({ ...fields('j@example.com'), token: await served(), website: '' }),
    });
    assert.equal(json.statusCode, 403);
    assert.equal((json.json() as { errors: Array<{ code: string }> }).errors[0]!.code, 'origin_not_allowed');
    assert.equal(await bookings(), before, 'nothing was made');
    const taken = [];
    for (const origin of [self, EMBEDDER])
      taken.push(
        (await post({ ...fields(`o${address}@example.com`), token: await served() }, { origin })).statusCode,
      );
    assert.deepEqual(taken, [200, 200]);
    assert.equal(await bookings(), before + 2);
  });

  it('takes one inquiry a form token, in any process; a refused post leaves it for the corrected one; used tokens go once expired', async () => {
    const token = await served();
    const before = await bookings();
    const refused = await post({ ...fields('not-an-address'), token });
    assert.equal(refused.statusCode, 422, 'a post with a bad field');
    const first = await post({ ...fields('first@example.com'), token });
    assert.equal(first.statusCode, 200, first.body);
    const again = await post({ ...fields('again@example.com'), token });
    assert.equal(again.statusCode, 409);
    assert.match(textOf(again.body), /This form was already sent/);
    const other = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    try {
      other.clock.setTo(server.clock.now());
      const elsewhere = await post({ ...fields('elsewhere@example.com'), token }, {}, other);
      assert.equal(elsewhere.statusCode, 409, 'another process knows it was used');
      assert.equal(await bookings(), before + 1, 'one inquiry for the token');
      const used = await countRows(suite.db, 'inquiry_tokens_used');
      assert.ok(used >= 1);
      // Two days on, the used tokens have expired with their forms: the next use prunes them.
      other.clock.advance(2 * 86_400_000);
      const later = await post({ ...fields('later@example.com'), token: await served(other) }, {}, other);
      assert.equal(later.statusCode, 200, later.body);
      assert.equal(await countRows(suite.db, 'inquiry_tokens_used'), 1, 'only the newest is kept');
    } finally {
      await other.close();
    }
  });

  it('takes one inquiry from each of two forms served in the same millisecond', async () => {
    const pages = [];
    server.clock.hold();
    for (let i = 0; i < 2; i++) pages.push(await server.app.inject({ url: '/inquire/old-mill' }));
    server.clock.release();
    const [one, two] = pages.map((page) => inputValue(page.body, 'token')!);
    assert.equal(one!.split('.')[0], two!.split('.')[0], 'served at the same time');
    assert.notEqual(one, two);
    server.clock.advance(4_000);
    const before = await bookings();
    const first = await post({ ...fields('same-ms-1@example.com'), token: one! });
    const second = await post({ ...fields('same-ms-2@example.com'), token: two! });
    assert.deepEqual([first.statusCode, second.statusCode], [200, 200], second.body);
    assert.equal(await bookings(), before + 2);
    const forged = await post({
      ...fields('same-ms-3@example.com'),
      token: `${one!.split('.')[0]}.${two!.split('.')[1]}.${one!.split('.')[2]}`,
    });
    assert.match(textOf(forged.body), /could not be checked/, 'the random part is signed');
  });

  it('says the inquiry’s real size limit when a post is too large', async () => {
    const big = { ...fields('big@example.com'), token: await served(), message: 'x'.repeat(20_000) };
    const page = await post(big);
    assert.equal(page.statusCode, 413);
    assert.match(textOf(page.body), /16 KiB/);
    assert.doesNotMatch(page.body, /MiB/);
    const json = await server.app.inject({
      method: 'POST',
      url: '/inquire/old-mill',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(big),
    });
    assert.equal(json.statusCode, 413);
    const detail = (json.json() as { errors: Array<{ detail: string }> }).errors[0]!.detail;
    assert.match(detail, /16 KiB/);
    assert.doesNotMatch(detail, /MiB/);
  });

  it('shows staff the source, UTM fields and Referer, the note by Inquiry form, a whole name, an all-day event, and a same-named account not used', async () => {
    const answer = await post(
      {
        name: 'Amelia Hart & Daniel Reyes',
        email: 'amelia.hart@gmail.com',
        company: 'lumen studios',
        date: '2027-06-19',
        message: 'A wedding for 90 in June.',
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'summer-27',
        token: await served(),
      },
      { origin: self, referer: 'https://blog.example/best-venues?page=2' },
    );
    assert.equal(answer.statusCode, 200, answer.body);
    const booking = await bookingOf('amelia.hart@gmail.com');
    const accountId = (booking.relationships.account!.data as { id: string }).id;
    assert.notEqual(accountId, lumen, 'a stranger is never put in the client’s account');
    assert.equal((await api<One>(`/v2/accounts/${accountId}`)).body.data.attributes.name, 'lumen studios');
    assert.deepEqual(booking.attributes.source_details, {
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'summer-27',
      referrer: 'https://blog.example/best-venues?page=2',
    });
    const page = textOf(await bookingPage(booking.id));
    for (const words of [
      'Source Inquiry form',
      'UTM source newsletter',
      'UTM medium email',
      'UTM campaign summer-27',
      'Referrer https://blog.example/best-venues?page=2',
      'Amelia Hart & Daniel Reyes',
      'Sat 19 Jun 2027, all day',
      'Inquiry form · ',
      'A wedding for 90 in June.',
      'An account named Lumen Studios already exists; it was not used',
    ])
      assert.ok(page.includes(words), `the booking page says "${words}"`);
    assert.doesNotMatch(page, /former member/);
    assert.doesNotMatch(page, /00:00–00:00/);
    const contactId = (booking.relationships.contact!.data as { id: string }).id;
    const contact = (await api<One>(`/v2/contacts/${contactId}`)).body.data.attributes;
    assert.equal(
      `${String(contact.first_name)} ${String(contact.last_name)}`.trim(),
      'Amelia Hart & Daniel Reyes',
    );

    // The list, the week and the BEO say all day too.
    const list = textOf((await staff.request(`/orgs/${venue.orgId}/bookings`)).body);
    assert.ok(list.includes('Sat 19 Jun 2027, all day'), 'the bookings list');
    const week = textOf((await staff.request(`/orgs/${venue.orgId}/week?week=2027-06-14`)).body);
    assert.match(week, /All day/);
    assert.doesNotMatch(week, /00:00–00:00/);
    const event = (await api<Many>(`/v2/events?filter[booking_id][eq]=${booking.id}`)).body.data[0]!;
    const beo = await api<{ data: { id: string } }>('/v2/documents', {
      method: 'POST',
      body: {
        data: {
          type: 'documents',
          attributes: { kind: 'beo' },
          relationships: {
            booking: { data: { type: 'bookings', id: booking.id } },
            event: { data: { type: 'events', id: event.id } },
          },
        },
      },
    });
    assert.equal(beo.status, 201, JSON.stringify(beo.body));
    const pdf = await server.fetch(`${server.url}/v2/documents/${beo.body.data.id}/pdf`, {
      headers: {
        authorization: `Bearer ${await clientCredentialsToken(server, venue)}`,
        'x-api-org': venue.orgId,
      },
    });
    assert.equal(pdf.status, 200);
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text;
    assert.match(text, /All day/);
    assert.doesNotMatch(text, /00:00/);

    // The proposal greets the name as typed, in its e-mail and in its header, and its merge
    // fields give the event's day as all day.
    const settings = `/orgs/${venue.orgId}/settings/documents`;
    const form = await staff.request(`${settings}?kind=proposal`);
    const saved = await staff.request(`${settings}/templates/proposal`, {
      form: {
        ...formFields(form.body, `${settings}/templates/proposal`),
        header: 'Dear {{ contact.first_name }},',
        terms:
          '{% for e in events %}On {{ e.day }}: {{ e.times }}.{% endfor %} Until {{ booking.last_day }}.',
        footer: '',
      },
    });
    assert.equal(saved.status, 303, saved.body);
    const proposal = await api<{ data: { id: string } }>('/v2/documents', {
      method: 'POST',
      body: {
        data: {
          type: 'documents',
          attributes: { kind: 'proposal' },
          relationships: { booking: { data: { type: 'bookings', id: booking.id } } },
        },
      },
    });
    assert.equal(proposal.status, 201, JSON.stringify(proposal.body));
    const sent = await api(`/v2/documents/${proposal.body.data.id}/send`, { method: 'POST' });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const mail = await suite.db
      .selectFrom('outgoing_mail')
      .select('text_body')
      .where('kind', '=', 'document')
      .where('to_address', '=', 'amelia.hart@gmail.com')
      .executeTakeFirstOrThrow();
    assert.match(mail.text_body, /^Dear Amelia Hart & Daniel Reyes,/m);
    const printed = await server.fetch(`${server.url}/v2/documents/${proposal.body.data.id}/pdf`, {
      headers: {
        authorization: `Bearer ${await clientCredentialsToken(server, venue)}`,
        'x-api-org': venue.orgId,
      },
    });
    const words = (await pdfText(new Uint8Array(await printed.arrayBuffer()))).text.replace(/\s+/g, ' ');
    for (const said of [
      'Dear Amelia Hart & Daniel Reyes,',
      'On Saturday 19 June 2027: All day.',
      'Until Saturday 19 June 2027.',
    ])
      assert.ok(words.includes(said), `the proposal says "${said}": ${words}`);
    assert.doesNotMatch(words, /00:00/);
  });

  it('puts an inquirer in the client’s account by its e-mail domain, says so, and takes the referrer field over the Referer', async () => {
    const answer = await post(
      {
        ...fields('kofi@Lumen.example'),
        name: 'Kofi Boateng',
        company: 'Lumen Studios',
        referrer: 'https://news.example/story',
        token: await served(),
      },
      { referer: 'https://elsewhere.example/' },
    );
    assert.equal(answer.statusCode, 200, answer.body);
    const booking = await bookingOf('kofi@Lumen.example');
    assert.equal((booking.relationships.account!.data as { id: string }).id, lumen);
    assert.equal(
      (booking.attributes.source_details as Record<string, string>).referrer,
      'https://news.example/story',
    );
    const page = textOf(await bookingPage(booking.id));
    assert.ok(page.includes('Referrer https://news.example/story'));
    assert.ok(
      page.includes(
        'The account Lumen Studios was chosen because kofi@Lumen.example has its e-mail domain, lumen.example.',
      ),
      page,
    );
    const contactId = (booking.relationships.contact!.data as { id: string }).id;
    const contact = (await api<One>(`/v2/contacts/${contactId}`)).body.data.attributes;
    assert.deepEqual([contact.first_name, contact.last_name], ['Kofi', 'Boateng'], 'a plain name is split');
    assert.ok(page.includes('Sat 2 Oct 2027, 18:00–23:00'), 'an inquiry with times keeps them');
  });

  it('never matches an account by a free-mail domain, even one that account uses', async () => {
    const shared = await created(
      api,
      '/v2/accounts',
      accountDocument({ name: 'Brennan Family', email: 'brennans@gmail.com' }),
    );
    const answer = await post({
      ...fields('someone.else@gmail.com'),
      company: 'Brennan Family',
      token: await served(),
    });
    assert.equal(answer.statusCode, 200, answer.body);
    const booking = await bookingOf('someone.else@gmail.com');
    assert.notEqual((booking.relationships.account!.data as { id: string }).id, shared);
    assert.ok(
      textOf(await bookingPage(booking.id)).includes(
        'An account named Brennan Family already exists; it was not used',
      ),
    );
  });

  it('fills the referrer from the page that linked to the form', async () => {
    const page = await server.app.inject({
      url: '/inquire/old-mill',
      headers: { referer: 'https://search.example/' },
    });
    assert.equal(inputValue(page.body, 'referrer'), 'https://search.example/');
    const own = await server.app.inject({
      url: '/inquire/old-mill',
      headers: { referer: `${self}/inquire/old-mill` },
    });
    assert.equal(inputValue(own.body, 'referrer'), undefined, 'not from the form’s own page');
  });
});
