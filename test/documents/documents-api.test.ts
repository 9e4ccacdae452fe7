/**
 * Documents over the API (SPEC §13): versions per booking and kind, a BEO per event, every bad
 * field at once, another organization's ids as 404 (or a 422 that does not tell them apart), the
 * PDF read back as text (the venue, the client, every event, the lines by category, the totals as
 * the booking keeps them, an included tax said to be included, the schedule, the terms), sending
 * (the link shown once, the PDF kept, the e-mail queued, nothing of the link in the log), issuing
 * (numbers without gaps, frozen bytes), voiding, deleting drafts only, filters, ETags and
 * If-Match, Idempotency-Key, and the changes webhooks carry.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { deleteBooking } from '../../src/crm/bookings/booking.commands.js';
import { staffActor } from '../../src/policy/actor.js';
import { isRefusal } from '../../src/writes/refusal.js';
import { workIn } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, memberClientToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  documentBody,
  type PricedBooking,
  pricedBooking,
  venueSettings,
} from '../helpers/document-fixtures.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { pdfText } from '../helpers/pdf-text.js';
import {
  type Api,
  apiFor,
  changeDocument,
  created,
  type ErrorBody,
  type Many,
  problemsAt,
} from '../helpers/writes.js';

interface DocumentBody {
  data: { id: string; attributes: Record<string, unknown>; relationships: Record<string, { data: unknown }> };
  meta?: { share_url: string | null; share_url_expires_at: string | null };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;
  let member: Api;
  let token: string;
  let priced: PricedBooking;

  const pdfOf = async (id: string, headers: Record<string, string> = {}) => {
    const response = await server.fetch(`${server.url}/v2/documents/${id}/pdf`, {
      headers: { authorization: `Bearer ${token}`, 'x-api-org': venue.orgId, ...headers },
    });
    return {
      status: response.status,
      headers: response.headers,
      bytes: new Uint8Array(await response.arrayBuffer()),
    };
  };
  const make = async (
    kind: string,
    booking = priced.booking,
    extra: { event?: string; show_prices?: boolean } = {},
  ) => {
    const response = await admin<DocumentBody>('/v2/documents', {
      method: 'POST',
      body: documentBody(kind, booking, extra),
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body.data;
  };
  const act = (id: string, action: string, options: { api?: Api; headers?: Record<string, string> } = {}) =>
    (options.api ?? admin)<DocumentBody>(`/v2/documents/${id}/${action}`, {
      method: 'POST',
      headers: options.headers,
    });

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info' });
    server.clock.setTo(Date.parse('2027-01-04T10:00:00Z'));
    venue = await makeVenue(suite.db);
    token = await clientCredentialsToken(server, venue);
    admin = apiFor(server, token, venue.orgId);
    member = apiFor(server, await memberClientToken(suite.db, server, venue), venue.orgId);
    await venueSettings(admin, venue.orgId);
    priced = await pricedBooking(admin, { events: 2 });
  });
  after(() => server.close());

  describe('versions', () => {
    it('makes a new draft version per booking and kind, and a BEO of one event', async () => {
      const first = await make('proposal');
      const second = await make('proposal');
      const invoice = await make('invoice');
      const beo = await make('beo', priced.booking, { event: priced.events[1]! });
      assert.deepEqual(
        [first, second, invoice, beo].map((d) => [
          d.attributes.kind,
          d.attributes.version,
          d.attributes.status,
          d.attributes.sha256,
        ]),
        [
          ['proposal', 1, 'draft', null],
          ['proposal', 2, 'draft', null],
          ['invoice', 1, 'draft', null],
          ['beo', 1, 'draft', null],
        ],
      );
      assert.deepEqual(beo.relationships.event?.data, { type: 'events', id: priced.events[1] });
      assert.deepEqual(first.relationships.booking?.data, { type: 'bookings', id: priced.booking });
      const listed = await admin<Many>(
        `/v2/documents?filter[booking_id][eq]=${priced.booking}&filter[kind][eq]=proposal&sort=version`,
      );
      assert.deepEqual(
        listed.body.data.map((d) => d.attributes.version),
        [1, 2],
      );
      const drafts = await admin<Many>(`/v2/documents?filter[status][eq]=draft&filter[kind][in]=beo,invoice`);
      assert.deepEqual(drafts.body.data.map((d) => d.id).sort(), [invoice.id, beo.id].sort());
    });

    it('refuses every bad field at once, and another organization’s ids as ones that do not exist', async () => {
      const bad = await admin<ErrorBody>('/v2/documents', {
        method: 'POST',
        body: {
          data: {
            type: 'documents',
            attributes: { kind: 'proposal', show_prices: true },
            relationships: {
              booking: { data: { type: 'bookings', id: 'nothing' } },
              event: { data: { type: 'events', id: priced.events[0] } },
            },
          },
        },
      });
      assert.equal(bad.status, 422);
      assert.deepEqual(problemsAt(bad.body), [
        ['/data/attributes/show_prices', 'not_allowed'],
        ['/data/relationships/booking/data', 'not_found'],
        ['/data/relationships/event/data', 'not_allowed'],
      ]);
      const schema = await admin<ErrorBody>('/v2/documents', {
        method: 'POST',
        body: { data: { type: 'documents', attributes: { kind: 'letter' }, relationships: {} } },
      });
      assert.equal(schema.status, 422);
      assert.deepEqual(
        problemsAt(schema.body).map(([pointer]) => pointer),
        ['/data/attributes/kind', '/data/relationships/booking'],
      );
      const beo = await admin<ErrorBody>('/v2/documents', {
        method: 'POST',
        body: documentBody('beo', priced.booking),
      });
      assert.deepEqual(problemsAt(beo.body), [['/data/relationships/event/data', 'required']]);

      const other = await makeVenue(suite.db);
      const otherApi = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
      const ours = await make('proposal');
      assert.equal((await otherApi(`/v2/documents/${ours.id}`)).status, 404);
      assert.equal((await pdfOfOther(otherApi, ours.id)).status, 404);
      assert.equal((await act(ours.id, 'send', { api: otherApi })).status, 404);
      const foreign = await otherApi<ErrorBody>('/v2/documents', {
        method: 'POST',
        body: documentBody('proposal', priced.booking),
      });
      assert.equal(foreign.status, 422);
      assert.equal(
        foreign.body.errors[0]?.detail,
        `No booking with the id "${priced.booking}" exists in this organization.`,
      );
    });
  });

  async function pdfOfOther(api: Api, id: string) {
    return api(`/v2/documents/${id}/pdf`).catch(() => ({ status: 0 }));
  }

  describe('the PDF', () => {
    it('shows the venue, the client, every event, the lines by category, the totals as kept, the schedule and the terms', async () => {
      const document = await make('proposal');
      const pdf = await pdfOf(document.id);
      assert.equal(pdf.status, 200);
      assert.equal(pdf.headers.get('content-type'), 'application/pdf');
      assert.match(pdf.headers.get('content-disposition') ?? '', /filename="Proposal BK-\d+ v\d+\.pdf"/);
      const { text, info } = await pdfText(pdf.bytes);
      const booking = (await admin(`/v2/bookings/${priced.booking}`)).body.data.attributes;
      for (const words of [
        'PROPOSAL',
        'DRAFT',
        'Prepared for',
        'Ama Mensah',
        'Mensah family',
        '8 Park Row',
        'Mensah wedding',
        'Dear Ama,',
        'Your events',
        'Ceremony',
        'Wedding breakfast',
        'Saturday 12 June 2027, 13:00–14:30',
        'Grand Ballroom',
        'Harbour Lawn',
        'Theatre setup',
        '120 guests (118 guaranteed)',
        'What we will provide',
        'FOOD',
        'BEVERAGE',
        'Gold dinner menu 1',
        '118 guests',
        'Three courses: soup, lamb, lemon tart — the chef’s “signature”',
        'Payment schedule',
        'Deposit',
        'On signing',
        '25% of the total',
        'Terms and conditions',
        'Page 1 of',
      ]) {
        assert.ok(text.includes(words), `the proposal says "${words}":\n${text}`);
      }
      const money = (minor: unknown) =>
        `£${(Number(minor) / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
      assert.ok(text.includes(`Subtotal ${money(booking.subtotal)}`), text);
      assert.ok(text.includes(`Service charge ${money(booking.service_charge_total)}`), text);
      assert.ok(text.includes(`Total ${money(booking.grand_total)}`), text);
      assert.equal(info.Title, `Proposal ${booking.reference} v${document.attributes.version}`);
    });

    it('says a tax the prices contain is included, and adds only the taxes that add, to the grand total to the penny', async () => {
      const document = await make('proposal');
      const { text } = await pdfText((await pdfOf(document.id)).bytes);
      const lines = (
        await admin<Many>(`/v2/line_items?filter[booking_id][eq]=${priced.booking}&page[size]=100`)
      ).body.data;
      const taxes = lines.flatMap(
        (l) => l.attributes.taxes as Array<{ name: string; inclusive: boolean; amount: number }>,
      );
      const vat = taxes.filter((t) => t.inclusive).reduce((sum, t) => sum + t.amount, 0);
      const levy = taxes.filter((t) => !t.inclusive).reduce((sum, t) => sum + t.amount, 0);
      const pounds = (minor: number) => (minor / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 });
      assert.ok(text.includes(`Includes VAT 20%: £${pounds(vat)}`), text);
      assert.ok(!/VAT 20% £/.test(text), 'VAT is never a row of the totals');
      assert.ok(text.includes(`City levy 2% £${pounds(levy)}`), text);
      const booking = (await admin(`/v2/bookings/${priced.booking}`)).body.data.attributes;
      assert.equal(
        Number(booking.subtotal) + Number(booking.service_charge_total) + levy,
        Number(booking.grand_total),
        'the rows of the totals add up to the grand total',
      );
    });

    it('prints a BEO’s event with setup and teardown, its lines without prices unless asked, and the notes marked for it', async () => {
      const note = (notable: string, type: string, body: string, forBeo: boolean) =>
        created(admin, '/v2/notes', {
          data: {
            type: 'notes',
            attributes: { body, for_beo: forBeo },
            relationships: { notable: { data: { type, id: notable } } },
          },
        });
      await note(
        priced.booking,
        'bookings',
        'Step-free route from the car park for the bride’s mother.',
        true,
      );
      await note(priced.events[0]!, 'events', 'Two guests with nut allergies at table 3.', true);
      await note(priced.events[0]!, 'events', 'Remember to invoice the florist separately.', false);
      await note(priced.events[1]!, 'events', 'Band arrives at 17:00.', true);
      const plain = await make('beo', priced.booking, { event: priced.events[0]! });
      const { text } = await pdfText((await pdfOf(plain.id)).bytes);
      for (const words of [
        'BANQUET EVENT ORDER',
        'Mensah wedding — Ceremony',
        'Setup From 12:00 (1 hour)',
        'Teardown Until 15:00 (30 minutes)',
        'Guaranteed count 118',
        'Setup style Theatre',
        'Step-free route from the car park',
        'Two guests with nut allergies',
        'Gold dinner menu 1',
      ]) {
        assert.ok(text.includes(words), `the BEO says "${words}":\n${text}`);
      }
      assert.ok(!text.includes('florist'), 'a note not marked for the BEO is left out');
      assert.ok(!text.includes('Band arrives'), 'another event’s note is left out');
      assert.ok(!text.includes('Unit price') && !text.includes('£'), 'no prices unless asked');
      const priced_ = await make('beo', priced.booking, { event: priced.events[0]!, show_prices: true });
      assert.equal(priced_.attributes.show_prices, true);
      assert.ok((await pdfText((await pdfOf(priced_.id)).bytes)).text.includes('Unit price'));
      const account = await admin<ErrorBody>('/v2/notes', {
        method: 'POST',
        body: {
          data: {
            type: 'notes',
            attributes: { body: 'x', for_beo: true },
            relationships: { notable: { data: { type: 'accounts', id: priced.account } } },
          },
        },
      });
      assert.deepEqual(problemsAt(account.body), [['/data/attributes/for_beo', 'not_for_beo']]);
    });

    it('keeps what a version showed when the booking changes, until a new version is made', async () => {
      const before_ = await make('proposal');
      const renamed = await admin(`/v2/bookings/${priced.booking}`, {
        method: 'PATCH',
        body: changeDocument('bookings', priced.booking, { name: 'Mensah and Owusu wedding' }),
      });
      assert.equal(renamed.status, 200);
      assert.ok((await pdfText((await pdfOf(before_.id)).bytes)).text.includes('Mensah wedding'));
      const after_ = await make('proposal');
      assert.ok((await pdfText((await pdfOf(after_.id)).bytes)).text.includes('Mensah and Owusu wedding'));
      await admin(`/v2/bookings/${priced.booking}`, {
        method: 'PATCH',
        body: changeDocument('bookings', priced.booking, { name: 'Mensah wedding' }),
      });
    });
  });

  describe('actions', () => {
    it('sends a proposal: the PDF kept as sent, a link shown once, an e-mail to the contact, nothing of the link in the log', async () => {
      const document = await make('proposal');
      const etag = (await admin(`/v2/documents/${document.id}`)).headers.get('etag')!;
      const stale = await act(document.id, 'send', { headers: { 'if-match': '"stale"' } });
      assert.equal(stale.status, 412);
      const sent = await act(document.id, 'send', { headers: { 'if-match': etag } });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const sentAt = Date.parse(String(sent.body.data.attributes.sent_at));
      const url = sent.body.meta!.share_url!;
      assert.match(url, new RegExp(`^${server.url}/p/mqd_[A-Za-z0-9_-]{43}$`));
      assert.equal(
        Date.parse(sent.body.meta!.share_url_expires_at!),
        sentAt + 30 * 86400_000,
        'a link lasts 30 days',
      );
      assert.equal(sent.body.data.attributes.status, 'sent');
      const kept = await pdfOf(document.id);
      assert.equal(sent.body.data.attributes.sha256, sha256(kept.bytes));
      const again = await pdfOf(document.id);
      assert.deepEqual(again.bytes, kept.bytes, 'the same bytes every time');
      assert.equal((await pdfOf(document.id, { 'if-none-match': kept.headers.get('etag')! })).status, 304);
      const { text } = await pdfText(kept.bytes);
      assert.ok(!text.includes('DRAFT'), 'a sent proposal is not a draft');

      const mail = await suite.db
        .selectFrom('outgoing_mail')
        .selectAll()
        .where('organization_id', '=', venue.orgId)
        .execute();
      assert.equal(mail.length, 1);
      assert.equal(mail[0]!.to_address, 'ama@mensah.example');
      assert.equal(mail[0]!.status, 'outbox');
      assert.ok(mail[0]!.text_body.includes(url));
      assert.ok(mail[0]!.html_body?.includes(`href="${url}"`));
      const stored = await suite.db
        .selectFrom('document_links')
        .selectAll()
        .where('document_id', '=', document.id)
        .execute();
      assert.equal(stored.length, 1);
      assert.ok(!JSON.stringify(stored).includes(url.split('/p/')[1]!), 'only the link’s hash is kept');
      assert.ok(!server.logs.join('\n').includes(url.split('/p/')[1]!), 'the link never reaches the log');

      const resent = await act(document.id, 'send');
      assert.notEqual(resent.body.meta!.share_url, url, 'a new link each time');
      assert.equal(
        resent.body.data.attributes.sha256,
        sent.body.data.attributes.sha256,
        'the PDF sent first is kept',
      );
      for (const kind of ['invoice', 'beo'] as const) {
        const other = await make(kind, priced.booking, kind === 'beo' ? { event: priced.events[0]! } : {});
        const refused = await act(other.id, 'send');
        assert.equal(refused.status, 409);
        // A draft invoice is issued before it is sent; a BEO never is.
        assert.equal(
          (refused.body as unknown as ErrorBody).errors[0]?.code,
          kind === 'invoice' ? 'not_issued' : 'not_sendable',
        );
      }
    });

    it('replays a send for its Idempotency-Key without the link, and sends no second e-mail', async () => {
      const document = await make('proposal');
      const headers = { 'idempotency-key': `send-${document.id}` };
      const first = await act(document.id, 'send', { headers });
      const replay = await act(document.id, 'send', { headers });
      assert.equal(replay.status, 200);
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
      assert.ok(first.body.meta!.share_url);
      assert.equal(replay.body.meta!.share_url, null);
      const links = await suite.db
        .selectFrom('document_links')
        .select('id')
        .where('document_id', '=', document.id)
        .execute();
      assert.equal(links.length, 1);
      const keys = await suite.db.selectFrom('idempotency_keys').select('response').execute();
      assert.ok(
        !keys.some((k) => k.response.includes(first.body.meta!.share_url!)),
        'the link is not stored with the key',
      );
    });

    it('refuses to send a proposal of a booking whose contact has no e-mail, saying so', async () => {
      const bare = await pricedBooking(admin, {
        name: 'No e-mail',
        email: null,
        events: 1,
        linesPerEvent: 1,
      });
      const document = await make('proposal', bare.booking);
      const refused = await act(document.id, 'send');
      assert.equal(refused.status, 409);
      assert.match((refused.body as unknown as ErrorBody).errors[0]!.detail, /has no e-mail address/);
      assert.equal((await admin(`/v2/documents/${document.id}`)).body.data.attributes.status, 'draft');
    });

    it('issues invoices numbered without gaps, frozen, and a void keeps its number', async () => {
      const other = await pricedBooking(admin, { name: 'Owusu party', events: 1, linesPerEvent: 1 });
      const invoices = [await make('invoice'), await make('invoice', other.booking), await make('invoice')];
      const numbers: unknown[] = [];
      for (const invoice of invoices) {
        const issued = await act(invoice.id, 'issue', { api: member });
        assert.equal(issued.status, 200, JSON.stringify(issued.body));
        numbers.push(issued.body.data.attributes.number);
        const pdf = await pdfOf(invoice.id);
        assert.equal(issued.body.data.attributes.sha256, sha256(pdf.bytes));
        const { text } = await pdfText(pdf.bytes);
        assert.ok(text.includes(`Invoice number ${String(issued.body.data.attributes.number)}`), text);
        assert.ok(text.includes('Balance due'));
      }
      assert.deepEqual(numbers, ['INV-00001', 'INV-00002', 'INV-00003']);
      const again = await act(invoices[0]!.id, 'issue');
      assert.equal(again.status, 409);
      const frozen = await pdfOf(invoices[0]!.id);
      await created(admin, '/v2/payments', {
        data: {
          type: 'payments',
          attributes: { amount: 1000, method: 'card' },
          relationships: { booking: { data: { type: 'bookings', id: priced.booking } } },
        },
      });
      assert.deepEqual(
        (await pdfOf(invoices[0]!.id)).bytes,
        frozen.bytes,
        'an issued invoice keeps its bytes',
      );

      const refused = await act(invoices[1]!.id, 'void', { api: member });
      assert.equal(refused.status, 403);
      const voided = await act(invoices[1]!.id, 'void');
      assert.equal(voided.status, 200);
      assert.deepEqual(
        [voided.body.data.attributes.status, voided.body.data.attributes.number],
        ['void', 'INV-00002'],
      );
      const next = await make('invoice');
      assert.equal((await act(next.id, 'issue')).body.data.attributes.number, 'INV-00004', 'never reused');
      assert.equal((await act(invoices[1]!.id, 'void')).status, 409);
    });

    it('deletes drafts only, and keeps a booking whose documents left the venue', async () => {
      const extra = await pricedBooking(admin, { name: 'Kept', events: 1, linesPerEvent: 1 });
      const draft = await make('proposal', extra.booking);
      assert.equal((await admin(`/v2/documents/${draft.id}`, { method: 'DELETE' })).status, 204);
      const sent = await make('proposal', extra.booking);
      await act(sent.id, 'send');
      const kept = await admin<ErrorBody>(`/v2/documents/${sent.id}`, { method: 'DELETE' });
      assert.deepEqual([kept.status, kept.body.errors[0]?.code], [409, 'kept']);
      const booking = await admin<ErrorBody>(`/v2/bookings/${extra.booking}`, { method: 'DELETE' });
      const detail =
        'This booking has 1 document that left the venue (sent, signed, issued or voided): they are kept, and the booking with them. Mark it lost or closed instead.';
      assert.deepEqual(
        [booking.status, booking.body.errors[0]?.code, booking.body.errors[0]?.detail],
        [409, 'has_dependents', detail],
      );
      // The deletion's command returns that refusal as a value; it throws nothing.
      const actor = staffActor({
        organizationId: venue.orgId,
        userId: venue.user.id,
        role: 'admin',
        door: 'api',
      });
      const outcome = await suite.db.transaction().execute(async (trx) => {
        const answer = await deleteBooking.run(workIn(trx, actor, server.clock.now()), {
          id: extra.booking,
          ifMatch: undefined,
        });
        return answer;
      });
      assert.ok(isRefusal(outcome), 'a refusal, returned');
      assert.deepEqual([outcome.status, outcome.code, outcome.detail], [409, 'has_dependents', detail]);

      const gone = await pricedBooking(admin, { name: 'Gone', events: 1, linesPerEvent: 1 });
      const drafted = await make('proposal', gone.booking);
      assert.equal((await admin(`/v2/bookings/${gone.booking}`, { method: 'DELETE' })).status, 204);
      assert.equal((await admin(`/v2/documents/${drafted.id}`)).status, 404);
    });

    it('tells document.created, document.updated and document.deleted as changes', async () => {
      const document = await make('proposal');
      await act(document.id, 'void');
      const draft = await make('proposal');
      await admin(`/v2/documents/${draft.id}`, { method: 'DELETE' });
      const changes = await admin<Many>(
        `/v2/changes?filter[type][in]=document.created,document.updated,document.deleted&page[size]=100`,
      );
      const about = (id: string) =>
        changes.body.data
          .filter((c) => (c.attributes.data as { object: { id: string } }).object.id === id)
          .map((c) => c.attributes.change_type);
      assert.deepEqual(about(document.id).sort(), ['document.created', 'document.updated']);
      assert.deepEqual(about(draft.id).sort(), ['document.created', 'document.deleted']);
    });
  });
});
