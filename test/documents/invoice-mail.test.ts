/**
 * Invoices are e-mailed too (SPEC §13, "Versions, finals and voids"): `POST /v2/documents/{id}/send`
 * on an issued invoice sends its client, through a real SMTP server in the test process, a text
 * part and an HTML part that fit a 390 px phone, a Reply-To that reaches the venue, the PDF as
 * issued attached (read back with pdf.js), the balance due in the organization's locale and a
 * link that opens the client's page at its balance, over real HTTP. A draft or a void invoice is
 * refused in words; sending again is a resend that issues nothing twice.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, it } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { createLogger } from '../../src/http/logger.js';
import { MailSender } from '../../src/mail/sender.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { chromiumMissing } from '../helpers/browser.js';
import { countRows, eachDatabase } from '../helpers/databases.js';
import { documentBody, pricedBooking, venueSettings } from '../helpers/document-fixtures.js';
import { mailOnPhone } from '../helpers/mail-on-phone.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { pdfText } from '../helpers/pdf-text.js';
import { TestSmtpServer } from '../helpers/smtp-server.js';
import { type Api, apiFor, changeDocument, created, type ErrorBody, type Many } from '../helpers/writes.js';

interface DocumentBody {
  data: { id: string; attributes: Record<string, unknown> };
  meta?: { share_url: string | null; share_url_expires_at: string | null };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const ref = (type: string, id: string) => ({ data: { type, id } });

eachDatabase((suite) => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let venue: Venue;
  let admin: Api;

  before(async () => {
    smtp = new TestSmtpServer();
    // Listening: the link in the e-mail is opened as the client's browser would, over a socket.
    server = await startTestServer(
      suite.database,
      {
        RATE_LIMIT_PER_MINUTE: '0',
        SMTP_URL: await smtp.start(),
        MAIL_FROM: 'Harbour Rooms <events@harbour.example>',
      },
      { listen: true },
    );
    server.clock.setTo(Date.parse('2027-01-04T10:00:00Z'));
    venue = await makeVenue(suite.db);
    await suite.db
      .updateTable('organizations')
      .set({ name: 'Harbour Rooms' })
      .where('id', '=', venue.orgId)
      .execute();
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await venueSettings(admin, venue.orgId);
  });
  after(async () => {
    await server.close();
    await smtp.close();
  });

  /** Sends every message due to the SMTP server; the messages it received meanwhile. */
  const deliver = async (): Promise<ParsedMail[]> => {
    const before = smtp.received.length;
    const sender = new MailSender({
      db: server.app.ctx.db,
      config: server.config,
      clock: server.clock,
      logger: createLogger('silent'),
    });
    try {
      await sender.sendDue();
    } finally {
      await sender.stop();
    }
    return smtp.received.slice(before).map((m) => m.parsed);
  };

  /** An invoice of a new booking of `api`'s venue, issued, with a payment received before. */
  const issuedInvoice = async (name: string, api = admin) => {
    const { booking } = await pricedBooking(api, { name, events: 1, linesPerEvent: 2 });
    await created(api, '/v2/payments', {
      data: {
        type: 'payments',
        attributes: { amount: 50_000, method: 'bank_transfer' },
        relationships: { booking: ref('bookings', booking) },
      },
    });
    const made = await api<DocumentBody>('/v2/documents', {
      method: 'POST',
      body: documentBody('invoice', booking),
    });
    const issued = await api<DocumentBody>(`/v2/documents/${made.body.data.id}/issue`, { method: 'POST' });
    assert.equal(issued.status, 200, JSON.stringify(issued.body));
    const sums = (await api<DocumentBody>(`/v2/bookings/${booking}`)).body.data.attributes;
    return { booking, invoice: issued.body.data, balanceDue: Number(sums.balance_due) };
  };
  const send = (id: string, api = admin) => api<DocumentBody>(`/v2/documents/${id}/send`, { method: 'POST' });
  const gbp = (minor: number, locale = 'en-GB') =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'GBP' }).format(minor / 100);

  it('e-mails an issued invoice: both parts, its PDF as issued, the balance, a Reply-To, a link to the balance', async () => {
    const { invoice, balanceDue } = await issuedInvoice('Mensah wedding');
    const number = String(invoice.attributes.number);
    assert.match(number, /^INV-\d{5}$/);
    const sent = await send(invoice.id);
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const url = sent.body.meta!.share_url!;
    assert.match(url, new RegExp(`^${server.url}/p/mqd_[A-Za-z0-9_-]{43}#payments$`));
    const attributes = sent.body.data.attributes;
    assert.equal(attributes.status, 'issued', 'an invoice sent stays issued');
    assert.equal(attributes.number, number);
    assert.equal(attributes.sha256, invoice.attributes.sha256, 'its PDF as issued');
    const sentAt = Date.parse(String(attributes.sent_at));
    assert.ok(Math.abs(sentAt - server.clock.now()) < 60_000, 'sent_at: now');

    const [mail, ...more] = await deliver();
    assert.ok(mail, 'the e-mail reached the SMTP server');
    assert.equal(more.length, 0);
    assert.equal(mail.to && !Array.isArray(mail.to) ? mail.to.text : '', '"Ama Mensah" <ama@mensah.example>');
    assert.equal(mail.subject, `Invoice ${number} from Harbour Rooms: Mensah wedding`);
    assert.equal(mail.replyTo?.value[0]?.address, venue.user.email, 'answers reach the venue');
    assert.ok(balanceDue > 0, 'something is left to pay');
    const due = `Balance due: ${gbp(balanceDue)}`;
    const text = mail.text ?? '';
    assert.match(text, /^Dear Ama,/);
    assert.ok(text.includes(`invoice ${number} for Mensah wedding`), text);
    assert.ok(text.includes('issued Monday 4 January 2027'), text);
    assert.ok(text.includes(due), text);
    assert.ok(text.includes(`\n${url}\n`), 'the link, on a line of its own');
    assert.match(text, /works until Wednesday 3 February 2027/);
    const html = String(mail.html);
    assert.ok(html.includes(`href="${url}"`), 'the button links to the balance');
    assert.match(html, />See your balance<\/a>/);
    assert.ok(html.includes(due));

    assert.equal(mail.attachments.length, 1, 'the PDF is attached');
    const [pdf] = mail.attachments;
    assert.equal(pdf!.filename, `Invoice ${number}.pdf`);
    assert.equal(pdf!.contentType, 'application/pdf');
    const bytes = new Uint8Array(pdf!.content);
    assert.equal(sha256(bytes), invoice.attributes.sha256, 'the bytes issued, unchanged');
    const { text: printed } = await pdfText(bytes);
    assert.ok(printed.includes(number), 'the PDF shows its number');
    assert.ok(printed.includes(gbp(balanceDue)), `the PDF shows the balance due: ${printed}`);

    // The client's browser: the link opens their page at the balance, over a real socket.
    const page = await fetch(url);
    assert.equal(page.status, 200);
    const body = await page.text();
    assert.match(body, /<section class="portal-panel" id="payments"/);
    assert.match(body, new RegExp(`Balance due</dt><dd>${gbp(balanceDue).replace(/[.$]/g, '\\$&')}</dd>`));
    assert.ok(body.includes(number), 'the invoice itself, with its number');
  });

  it('refuses a draft invoice (issue it first) and a void one, in words, sending nothing', async () => {
    const { booking } = await pricedBooking(admin, { name: 'Owusu party', events: 1, linesPerEvent: 1 });
    const draft = await admin<DocumentBody>('/v2/documents', {
      method: 'POST',
      body: documentBody('invoice', booking),
    });
    const mailBefore = await countRows(suite.db, 'outgoing_mail');
    const refused = await admin<ErrorBody>(`/v2/documents/${draft.body.data.id}/send`, { method: 'POST' });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.errors.length, 1);
    assert.equal(refused.body.errors[0]?.status, '409');
    assert.equal(refused.body.errors[0]?.code, 'not_issued');
    assert.match(refused.body.errors[0]!.detail, /draft: issue it first/);

    const { invoice } = await issuedInvoice('Owusu dinner');
    const voided = await admin(`/v2/documents/${invoice.id}/void`, { method: 'POST' });
    assert.equal(voided.status, 200);
    const refusedVoid = await admin<ErrorBody>(`/v2/documents/${invoice.id}/send`, { method: 'POST' });
    assert.equal(refusedVoid.status, 409);
    assert.equal(refusedVoid.body.errors[0]?.code, 'invalid_transition');
    assert.match(refusedVoid.body.errors[0]!.detail, /This invoice is void/);
    assert.equal(await countRows(suite.db, 'outgoing_mail'), mailBefore, 'no e-mail queued');
    const status = (await admin<DocumentBody>(`/v2/documents/${draft.body.data.id}`)).body.data.attributes;
    assert.deepEqual([status.status, status.number, status.sent_at], ['draft', null, null]);
  });

  it('sends an invoice again: a new link and e-mail, the same number and bytes, told as document.updated', async () => {
    const { invoice } = await issuedInvoice('Asante gala');
    const numbersBefore = await suite.db
      .selectFrom('invoice_numbers')
      .select('last_number')
      .where('organization_id', '=', venue.orgId)
      .executeTakeFirstOrThrow();
    const first = await send(invoice.id);
    server.clock.advance(3600_000);
    const second = await send(invoice.id);
    assert.equal(second.status, 200, JSON.stringify(second.body));
    assert.notEqual(second.body.meta!.share_url, first.body.meta!.share_url, 'a new link each time');
    assert.equal(second.body.data.attributes.number, invoice.attributes.number);
    assert.equal(second.body.data.attributes.sha256, invoice.attributes.sha256);
    assert.equal(second.body.data.attributes.issued_at, invoice.attributes.issued_at);
    assert.ok(
      Date.parse(String(second.body.data.attributes.sent_at)) >
        Date.parse(String(first.body.data.attributes.sent_at)),
      'sent_at says when it last went',
    );
    const mails = await deliver();
    assert.equal(mails.length, 2);
    assert.deepEqual(
      mails.map((m) => sha256(new Uint8Array(m.attachments[0]!.content))),
      [invoice.attributes.sha256, invoice.attributes.sha256],
    );
    const files = await suite.db
      .selectFrom('document_files')
      .select('role')
      .where('document_id', '=', invoice.id)
      .execute();
    assert.deepEqual(
      files.map((f) => f.role),
      ['issued'],
      'nothing kept again',
    );
    const numbersAfter = await suite.db
      .selectFrom('invoice_numbers')
      .select('last_number')
      .where('organization_id', '=', venue.orgId)
      .executeTakeFirstOrThrow();
    assert.equal(Number(numbersAfter.last_number), Number(numbersBefore.last_number), 'no number taken');

    const changes = await admin<Many>(`/v2/changes?filter[type][eq]=document.updated&page[size]=100`);
    const sends = changes.body.data
      .map(
        (c) => c.attributes.data as { object: { id: string }; previous_attributes?: Record<string, unknown> },
      )
      .filter(
        (d) => d.object.id === invoice.id && d.previous_attributes && 'sent_at' in d.previous_attributes,
      );
    assert.equal(sends.length, 2, 'each send is told');
  });

  it('writes the invoice e-mail’s days and amounts, and its PDF’s issue day, in the organization’s locale (en-US)', async () => {
    const us = await makeVenue(suite.db);
    const usAdmin = apiFor(server, await clientCredentialsToken(server, us), us.orgId);
    await venueSettings(usAdmin, us.orgId, 'America/New_York');
    const localized = await usAdmin('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', us.orgId, { locale: 'en-US' }),
    });
    assert.equal(localized.status, 200, JSON.stringify(localized.body));
    const { invoice, balanceDue } = await issuedInvoice('Addo reunion', usAdmin);
    assert.equal((await send(invoice.id, usAdmin)).status, 200);
    const [mail] = await deliver();
    const text = mail?.text ?? '';
    assert.ok(text.includes('issued Monday, January 4, 2027'), text);
    assert.ok(text.includes('works until Wednesday, February 3, 2027'), text);
    assert.ok(text.includes(`Balance due: ${gbp(balanceDue, 'en-US')}`), text);
    const { text: printed } = await pdfText(new Uint8Array(mail!.attachments[0]!.content));
    assert.ok(printed.includes('Issued Monday, January 4, 2027'), `the PDF’s day too: ${printed}`);
  });

  it('lays the invoice e-mail out within a 390 px phone', { skip: chromiumMissing() }, async () => {
    const { invoice } = await issuedInvoice(
      'Wedding of Alexandria Konstantinopoulou-Vanderbilt and Maximilian',
    );
    assert.equal((await send(invoice.id)).status, 200);
    const [mail] = await deliver();
    assert.ok(mail?.text && mail.html, 'a text part and an HTML part');
    const { width, wide } = await mailOnPhone(
      String(mail.html),
      `invoice-mail-390-${suite.database.dialect}`,
    );
    assert.ok(width <= 390, `the e-mail is ${width} px wide on a 390 px phone`);
    assert.deepEqual(wide, [], 'no fixed width over 390 px');
  });
});
