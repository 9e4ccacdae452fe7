/**
 * @marquee/client's messages through a real server: writing to a client from a booking (to its
 * contact by default, a template written for the booking, what is given winning over it), a retry
 * with the same Idempotency-Key writing once, the booking's conversation listed, and a bad
 * template refused with the field it names.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type MarqueeApi, ValidationError } from '../../client/src/index.js';
import type { TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
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

  it('writes to the booking’s contact, from a template, once per Idempotency-Key', async () => {
    const templates = await api.emailTemplates.list().toArray();
    const general = templates.find((t) => t.kind === 'general');
    assert.ok(general, 'a new organization has a general template');
    const input = { booking, template_id: general.id, subject: 'Your summer party' };
    const sent = await api.messages.create(input, { idempotencyKey: 'quay-1' });
    assert.equal(sent.direction, 'out');
    assert.equal(sent.state, 'queued');
    assert.equal(sent.booking_id, booking);
    assert.deepEqual(
      sent.to.map((a) => a.email),
      ['nia@quay.example'],
    );
    assert.equal(sent.subject, 'Your summer party', 'what is given wins over the template');
    assert.match(sent.text, /Nia/, 'the template is written for the booking');
    const again = await api.messages.create(input, { idempotencyKey: 'quay-1' });
    assert.equal(again.id, sent.id, 'a retry with the same key writes nothing more');
    const listed = await api.messages.list({ booking_id: { eq: booking } }).toArray();
    assert.deepEqual(
      listed.map((m) => m.id),
      [sent.id],
    );
  });

  it('refuses a template the organization does not have, naming template_id', async () => {
    await assert.rejects(
      api.messages.create({ booking, template_id: 'nope', text: 'Hello' }),
      (error: unknown) =>
        error instanceof ValidationError &&
        error.errors.some((e) => e.pointer === '/data/attributes/template_id'),
    );
  });
});
