/**
 * @marquee/client's documents through a real server: a proposal made, listed by booking and kind,
 * sent (the client's link in the answer), its PDF read back as text; an invoice issued with its
 * number, sent (a draft one refused: ConflictError `not_issued`) and voided; a draft deleted and a
 * sent proposal kept (ConflictError `kept`).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { ConflictError, type MarqueeApi } from '../../client/src/index.js';
import type { TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { pdfText } from '../helpers/pdf-text.js';
import { startVenue } from './connect.js';

eachDatabase((suite) => {
  let server: TestServer;
  let api: MarqueeApi;
  let booking: string;

  before(async () => {
    ({ server, api } = await startVenue(suite.database));
    const account = await api.accounts.create({ name: 'Quay Partners' });
    const contact = await api.contacts.create({
      first_name: 'Nia',
      last_name: 'Quay',
      email: 'nia@quay.example',
      account,
    });
    booking = (
      await api.bookings.create({
        name: 'Quay summer party',
        start_at: '2027-07-01T17:00:00Z',
        end_at: '2027-07-01T23:00:00Z',
        account,
        contact,
        currency: 'EUR',
      })
    ).id;
  });
  after(() => server.close());

  it('makes, lists, sends and downloads a proposal', async () => {
    const proposal = await api.documents.create({ kind: 'proposal', booking });
    assert.deepEqual(
      [proposal.kind, proposal.version, proposal.status, proposal.booking_id],
      ['proposal', 1, 'draft', booking],
    );
    const listed = await api.documents.list({ booking_id: booking, kind: 'proposal' }).toArray();
    assert.deepEqual(
      listed.map((d) => d.id),
      [proposal.id],
    );
    const sent = await api.documents.send(proposal.id, {
      ifMatch: (await api.documents.get(proposal.id)).etag,
    });
    assert.equal(sent.document.status, 'sent');
    assert.match(sent.shareUrl ?? '', /\/p\/mqd_/);
    assert.ok(sent.shareUrlExpiresAt);
    const pdf = await api.documents.pdf(proposal.id);
    assert.equal(new TextDecoder().decode(pdf.slice(0, 5)), '%PDF-');
    assert.ok((await pdfText(pdf)).text.includes('Quay summer party'));
    await assert.rejects(
      api.documents.delete(proposal.id),
      (error: unknown) => error instanceof ConflictError && error.code === 'kept',
    );
  });

  it('issues and voids an invoice, and deletes a draft', async () => {
    const invoice = await api.documents.create({ kind: 'invoice', booking });
    const issued = await api.documents.issue(invoice.id);
    assert.deepEqual([issued.status, issued.number], ['issued', 'INV-00001']);
    const voided = await api.documents.void(invoice.id);
    assert.deepEqual([voided.status, voided.number], ['void', 'INV-00001']);
    const draft = await api.documents.create({ kind: 'invoice', booking });
    await api.documents.delete(draft.id);
    assert.deepEqual(
      (await api.documents.list({ booking_id: booking, kind: 'invoice' }).toArray()).map((d) => d.id),
      [invoice.id],
    );
  });

  it('sends an issued invoice with a link to the balance, and refuses a draft one', async () => {
    const invoice = await api.documents.create({ kind: 'invoice', booking });
    await assert.rejects(
      api.documents.send(invoice.id),
      (error: unknown) => error instanceof ConflictError && error.code === 'not_issued',
    );
    const issued = await api.documents.issue(invoice.id);
    const sent = await api.documents.send(invoice.id);
    assert.deepEqual([sent.document.status, sent.document.number], ['issued', issued.number]);
    assert.ok(sent.document.sent_at);
    assert.match(sent.shareUrl ?? '', /\/p\/mqd_[A-Za-z0-9_-]+#payments$/);
    await api.documents.void(invoice.id);
  });
});
