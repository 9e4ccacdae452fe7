/**
 * A booking's Payments on its page (SPEC §12): its schedule, each installment with what it is,
 * when it falls due, what it comes to, what is paid of it and its state, as /v2/installments
 * resolves them; its payments and refunds. Any member adds installments of the three kinds (an
 * amount typed "1.500,00", a percentage typed "12,5", the remainder), every bad field refused at
 * once beside it with what was typed kept, a save over a newer change refused keeping it; records a
 * payment, which fills the earliest installments when it names none, and a refund; a reference
 * recorded already is refused in words. Only administrators delete a payment.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createInstallment, updateInstallment } from '../../src/crm/payments/installments.js';
import { createPayment } from '../../src/crm/payments/payments.js';
import { createLineItem } from '../../src/crm/pricing/line-items.js';
import { money } from '../../src/web/workspace/bookings/booking-badges.js';
import { STATE_LABELS } from '../../src/web/workspace/payments/payment-words.js';
import type { InstallmentState } from '../../src/crm/payments/schedule.js';
import { type Command, write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { formFields, inputValue } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeIntegration } from '../helpers/factories.js';
import { postForm } from '../helpers/oauth.js';
import {
  addBooking,
  fieldError,
  makeWorkspaceVenue,
  versionIn,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';
import { type Api, apiFor, type Many } from '../helpers/writes.js';

const text = (body: string) =>
  body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
const paymentsOf = (body: string) =>
  /<section aria-labelledby="payments-title"[\s\S]*?<\/section>/.exec(body)?.[0] ?? '';
/** The words of a row of the page, by its id. */
const row = (body: string, id: string) =>
  text(new RegExp(`<tr id="${id}"[\\s\\S]*?</tr>`).exec(body)?.[0] ?? '');

/** Tuesday 20 April 2027, 11:00 in London: "today" of every test here. */
const NOW = Date.parse('2027-04-20T10:00:00Z');

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let api: Api;
  let o: string;

  const run = <Input, Result>(command: Command<Input, Result>, input: Input) =>
    write({ db: suite.db, clock: server.clock }, venue.actor, command, input);

  /** A booking in euros whose first event is on Sat 8 May 2027, priced at €10,000.00. */
  async function pricedBooking(name: string) {
    const booking = await addBooking(suite.db, venue.actor, {
      name,
      start_at: '2027-05-08T13:00:00Z',
      end_at: '2027-05-08T22:00:00Z',
      timezone: 'Europe/London',
      currency: 'EUR',
      accountId: venue.accountId,
    });
    await run(createLineItem, {
      bookingId: booking.id,
      name: 'Venue hire',
      category: 'rental',
      unit: 'flat',
      unit_price: 1_000_000,
    });
    return { booking, path: `${o}/bookings/${booking.id}` };
  }

  async function scheduleOverApi(bookingId: string) {
    const list = await api<Many>(`/v2/installments?filter[booking_id][eq]=${bookingId}`);
    assert.equal(list.status, 200, JSON.stringify(list.body));
    return list.body.data;
  }
  async function paymentsOverApi(bookingId: string) {
    const list = await api<Many>(`/v2/payments?filter[booking_id][eq]=${bookingId}`);
    assert.equal(list.status, 200, JSON.stringify(list.body));
    return list.body.data;
  }
  const paidOf = async (bookingId: string) =>
    (await scheduleOverApi(bookingId)).map((i) => [i.attributes.label, i.attributes.paid_amount]);

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.setTo(NOW);
    venue = await makeWorkspaceVenue(suite.db, 'Payments Venue');
    o = `/orgs/${venue.orgId}`;
    const app = await makeIntegration(suite.db, {
      organizationId: venue.orgId,
      kind: 'private',
      ownerEmail: venue.admin.email,
      redirectUris: [],
    });
    const token = await postForm(server, '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: app.integration.clientId,
      client_secret: app.clientSecret,
    });
    assert.equal(token.status, 200, JSON.stringify(token.body));
    api = apiFor(server, String(token.body.access_token), venue.orgId);
  });
  after(() => server.close());

  it('shows the schedule with each state and amount as /v2/installments gives them, and the payments received', async () => {
    const { session } = await workspaceSession(server, venue.member.email, venue.orgId);
    const { booking, path } = await pricedBooking('Okafor wedding');
    const add = (input: Parameters<typeof createInstallment.run>[1]) =>
      run(createInstallment, { bookingId: booking.id, ...input });
    await add({ label: 'Deposit', amount: 200_000, due_date: '2027-04-01' });
    const second = await add({ label: 'Second payment', percentage: '30', due_date: '2027-04-30' });
    await add({ label: 'Third payment', percentage: '25', due_days_before: 18 });
    await add({ label: 'Balance', remainder: true, due_on_signing: true });
    await run(createPayment, {
      bookingId: booking.id,
      installmentId: second.id,
      amount: 300_000,
      method: 'bank_transfer',
      reference: 'TX-1',
      note: 'From the bride’s parents',
    });

    const page = await session.request(path);
    assert.equal(page.status, 200, page.body.slice(0, 300));
    const schedule = await scheduleOverApi(booking.id);
    assert.deepEqual(
      schedule.map((i) => i.attributes.state),
      ['overdue', 'paid', 'due', 'scheduled'],
    );
    for (const i of schedule) {
      const words = row(page.body, `installment-${i.id}`);
      const { amount_due, paid_amount, state } = i.attributes as Record<string, number>;
      assert.ok(words.includes(money(amount_due!, 'EUR')), `${words}: its amount due`);
      assert.ok(words.includes(`${money(amount_due!, 'EUR')} ${money(paid_amount!, 'EUR')}`), words);
      assert.ok(words.includes(STATE_LABELS[state as unknown as InstallmentState]), words);
    }
    const [deposit, , third, balance] = schedule.map((i) => row(page.body, `installment-${i.id}`));
    assert.equal(
      deposit,
      'Deposit Fixed amount on Thu 1 Apr 2027 €2,000.00 €0.00 €2,000.00 ! Overdue Change',
    );
    assert.match(page.body, /<span class="badge state-overdue"><span aria-hidden="true">! <\/span>Overdue/);
    assert.equal(
      third,
      'Third payment 25% of the grand total 18 days before the first event — Tue 20 Apr 2027 €2,500.00 €0.00 €2,500.00 Due Change',
    );
    assert.equal(balance, 'Balance Remainder on signing €2,500.00 €0.00 €2,500.00 Scheduled Change');
    const section = text(paymentsOf(page.body));
    assert.match(
      section,
      /^Payments Grand total €10,000\.00 Paid €3,000\.00 Balance due €7,000\.00 Schedule /,
    );
    const [payment] = await paymentsOverApi(booking.id);
    assert.equal(
      row(page.body, `payment-${payment!.id}`),
      'Tue 20 Apr 2027 Payment Bank transfer €3,000.00 TX-1 Second payment From the bride’s parents',
      'a member is offered no Delete',
    );
    assert.match(section, /Record a payment Record a refund$/);
  });

  it('adds installments of an amount, a percentage and the remainder, each due its own way', async () => {
    const { session, csrf } = await workspaceSession(server, venue.member.email, venue.orgId);
    const { booking, path } = await pricedBooking('Aalto launch');
    const form = await session.request(`${path}/installments/new`);
    assert.equal(form.status, 200, form.body.slice(0, 300));
    assert.match(text(form.body), /Of the grand total, €10,000\.00 now/);
    assert.match(text(form.body), /The first event is on Sat 8 May 2027\./);
    const blank = { _csrf: csrf, amount: '', percentage: '', due_date: '', due_days_before: '' };
    const post = (fields: Record<string, string>) =>
      session.request(`${path}/installments`, { form: { ...blank, ...fields } });

    // Only the chosen option's input is read: the percentage typed beside another choice is not.
    const deposit = await post({
      label: 'Deposit',
      basis: 'amount',
      amount: '1.500,00',
      percentage: '99',
      due: 'date',
      due_date: '2027-05-01',
      due_days_before: '3',
    });
    assert.equal(deposit.status, 303, text(deposit.body).slice(0, 500));
    assert.equal(deposit.location, `${server.url}${path}?notice=installment-added#payments-title`);
    const second = await post({
      label: 'Second payment',
      basis: 'percentage',
      percentage: '12,5',
      due: 'days_before',
      due_days_before: '14',
    });
    assert.equal(second.status, 303, text(second.body).slice(0, 500));
    const balance = await post({ label: 'Balance', basis: 'remainder', due: 'signing' });
    assert.equal(balance.status, 303, text(balance.body).slice(0, 500));

    const schedule = await scheduleOverApi(booking.id);
    assert.deepEqual(
      schedule.map((i) => {
        const a = i.attributes;
        return [
          a.label,
          a.amount,
          a.percentage,
          a.remainder,
          a.due_date,
          a.due_days_before,
          a.due_on_signing,
        ];
      }),
      [
        ['Deposit', 150000, null, false, '2027-05-01', null, false],
        ['Second payment', null, '12.5', false, null, 14, false],
        ['Balance', null, null, true, null, null, true],
      ],
    );
    assert.deepEqual(
      schedule.map((i) => [i.attributes.amount_due, i.attributes.due_on]),
      [
        [150000, '2027-05-01'],
        [125000, '2027-04-24'],
        [725000, null],
      ],
    );
    const page = await session.request(deposit.location!);
    assert.match(text(page.body), /Installment added\./);
    assert.deepEqual(
      schedule.map((i) => row(page.body, `installment-${i.id}`)),
      [
        'Deposit Fixed amount on Sat 1 May 2027 €1,500.00 €0.00 €1,500.00 Scheduled Change',
        'Second payment 12.5% of the grand total 14 days before the first event — Sat 24 Apr 2027 €1,250.00 €0.00 €1,250.00 Scheduled Change',
        'Balance Remainder on signing €7,250.00 €0.00 €7,250.00 Scheduled Change',
      ],
    );
  });

  it('refuses an installment with every bad field beside it, keeping what was typed', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const { booking, path } = await pricedBooking('Reyes gala');
    const blank = { _csrf: csrf, amount: '', percentage: '', due_date: '', due_days_before: '' };
    const post = (fields: Record<string, string>) =>
      session.request(`${path}/installments`, { form: { ...blank, ...fields } });

    const unread = await post({
      label: '',
      basis: 'amount',
      amount: 'lots',
      due: 'days_before',
      due_days_before: '-3',
    });
    assert.equal(unread.status, 422);
    assert.match(fieldError(unread.body, 'label'), /needs a label, such as Deposit/);
    assert.match(fieldError(unread.body, 'amount'), /"lots" is not an amount/);
    assert.match(fieldError(unread.body, 'due_days_before'), /a whole number from 0 to 3650/);
    assert.match(unread.body, /name="amount" type="text" value="lots"/);
    assert.match(unread.body, /name="due_days_before" type="text" value="-3"/);
    assert.match(unread.body, /name="basis" value="amount" id="basis-amount" checked/);

    const unchosen = await post({ label: 'Deposit', percentage: '25' });
    assert.equal(unchosen.status, 422);
    assert.match(fieldError(unchosen.body, 'basis'), /exactly one of: an amount, a percentage/);
    assert.match(fieldError(unchosen.body, 'due'), /due exactly one way/);
    assert.match(unchosen.body, /name="percentage" type="text" value="25"/);

    const unreadable = await post({
      label: 'Deposit',
      basis: 'percentage',
      percentage: '150',
      due: 'date',
      due_date: '2027-02-30',
    });
    assert.equal(unreadable.status, 422);
    assert.match(fieldError(unreadable.body, 'percentage'), /"150" is not a percentage from 0 to 100/);
    assert.match(fieldError(unreadable.body, 'due_date'), /"2027-02-30" is not a date/);
    assert.equal((await scheduleOverApi(booking.id)).length, 0, 'nothing was written');

    await run(createInstallment, {
      bookingId: booking.id,
      label: 'Deposit',
      amount: 200_000,
      due_on_signing: true,
    });
    await run(createInstallment, {
      bookingId: booking.id,
      label: 'Rest',
      remainder: true,
      due_days_before: 7,
    });
    const over = await post({ label: 'Second', basis: 'percentage', percentage: '90', due: 'signing' });
    assert.equal(over.status, 422);
    assert.match(
      fieldError(over.body, 'percentage'),
      /come to 11000\.00 EUR, more than the booking's grand total of 10000\.00 EUR/,
    );
    const taken = await post({ label: 'Another rest', basis: 'remainder', due: 'signing' });
    assert.equal(taken.status, 422);
    assert.match(fieldError(taken.body, 'remainder'), /has its remainder already/);
    assert.match(taken.body, /name="label" type="text" value="Another rest"/);
    assert.equal((await scheduleOverApi(booking.id)).length, 2, 'nothing more was written');
  });

  it('records a payment naming no installment, which fills the earliest, and a refund, which takes back from the latest', async () => {
    const { session, csrf } = await workspaceSession(server, venue.member.email, venue.orgId);
    const { booking, path } = await pricedBooking('Lindqvist dinner');
    await run(createInstallment, {
      bookingId: booking.id,
      label: 'Balance',
      remainder: true,
      due_days_before: 3,
    });
    await run(createInstallment, {
      bookingId: booking.id,
      label: 'Deposit',
      amount: 200_000,
      due_date: '2027-05-01',
    });

    const form = await session.request(`${path}/payments/new`);
    assert.equal(form.status, 200, form.body.slice(0, 300));
    assert.equal(inputValue(form.body, 'received_on'), '2027-04-20', 'today in the venue’s time zone');
    assert.match(form.body, /name="kind" value="payment" checked/);
    assert.match(text(form.body), /Deposit: €2,000\.00 due, €0\.00 paid/);
    const fields = {
      _csrf: csrf,
      kind: 'payment',
      amount: '2.500,00',
      method: 'card',
      received_on: '2027-04-18',
      reference: 'pi_3PqX',
      installment: '',
      note: 'Deposit and a little more',
    };
    const paid = await session.request(`${path}/payments`, { form: fields });
    assert.equal(paid.status, 303, text(paid.body).slice(0, 500));
    assert.equal(paid.location, `${server.url}${path}?notice=payment-recorded#payments-title`);
    const [payment] = await paymentsOverApi(booking.id);
    assert.deepEqual(
      [
        payment?.attributes.kind,
        payment?.attributes.amount,
        payment?.attributes.method,
        payment?.attributes.received_at,
      ],
      ['payment', 250000, 'card', '2027-04-18T11:00:00.000Z'],
    );
    assert.equal(payment?.relationships.installment?.data, null);
    assert.deepEqual(await paidOf(booking.id), [
      ['Balance', 50000],
      ['Deposit', 200000],
    ]);
    const page = await session.request(paid.location!);
    assert.match(text(page.body), /Payment recorded\./);
    const schedule = await scheduleOverApi(booking.id);
    assert.deepEqual(
      schedule.map((i) => row(page.body, `installment-${i.id}`)),
      [
        'Balance Remainder 3 days before the first event — Wed 5 May 2027 €8,000.00 €500.00 €7,500.00 Scheduled Change',
        'Deposit Fixed amount on Sat 1 May 2027 €2,000.00 €2,000.00 €0.00 Paid Change',
      ],
    );
    assert.equal(
      row(page.body, `payment-${payment!.id}`),
      'Sun 18 Apr 2027 Payment Card €2,500.00 pi_3PqX Deposit and a little more',
    );

    const refundForm = await session.request(`${path}/payments/new?kind=refund`);
    assert.match(refundForm.body, /<h1>Record a refund<\/h1>/);
    assert.match(refundForm.body, /name="kind" value="refund" checked/);
    const refund = {
      ...fields,
      kind: 'refund',
      amount: '600',
      method: 'bank_transfer',
      received_on: '2027-04-20',
    };
    const tooMuch = await session.request(`${path}/payments`, {
      form: { ...refund, amount: '2600', reference: '' },
    });
    assert.equal(tooMuch.status, 422);
    assert.match(
      fieldError(tooMuch.body, 'amount'),
      /A refund is at most what has been paid: 2500\.00 EUR\./,
    );
    assert.match(tooMuch.body, /name="amount" type="text" value="2600"/);
    const back = await session.request(`${path}/payments`, {
      form: { ...refund, reference: 're_1', note: '' },
    });
    assert.equal(back.status, 303, text(back.body).slice(0, 500));
    assert.equal(back.location, `${server.url}${path}?notice=refund-recorded#payments-title`);
    assert.deepEqual(await paidOf(booking.id), [
      ['Balance', 0],
      ['Deposit', 190000],
    ]);
    const refunded = await session.request(back.location!);
    const [, refundRow] = await paymentsOverApi(booking.id);
    assert.match(String(refundRow?.attributes.received_at), /^2027-04-20T10:/, 'received today: now');
    assert.equal(
      row(refunded.body, `payment-${refundRow!.id}`),
      'Tue 20 Apr 2027 Refund Bank transfer -€600.00 re_1',
    );
    assert.match(text(paymentsOf(refunded.body)), /Paid €1,900\.00 Balance due €8,100\.00/);
  });

  it('refuses a payment whose reference is recorded already, saying which payment has it', async () => {
    const { session, csrf } = await workspaceSession(server, venue.member.email, venue.orgId);
    const first = await pricedBooking('Moreau wedding');
    const second = await pricedBooking('Moreau brunch');
    await run(createPayment, {
      bookingId: first.booking.id,
      amount: 50_000,
      method: 'card',
      reference: 'pi_dup',
      received_at: '2027-04-19T09:00:00Z',
    });
    const fields = {
      _csrf: csrf,
      kind: 'payment',
      amount: '500',
      method: 'card',
      received_on: '2027-04-20',
      reference: 'pi_dup',
      note: 'Typed twice',
    };
    const again = await session.request(`${first.path}/payments`, { form: fields });
    assert.equal(again.status, 409);
    assert.equal(
      fieldError(again.body, 'reference'),
      'This reference is recorded already, on the card payment of €500.00 received Mon 19 Apr 2027 (this booking). Nothing was recorded: leave the reference out, or check that this is not the same payment.',
    );
    assert.match(again.body, /name="reference" type="text" value="pi_dup"/);
    assert.match(again.body, />Typed twice<\/textarea>/);
    const elsewhere = await session.request(`${second.path}/payments`, { form: fields });
    assert.equal(elsewhere.status, 409);
    assert.match(fieldError(elsewhere.body, 'reference'), /\(BK-\d+ Moreau wedding\)/);
    assert.equal((await paymentsOverApi(first.booking.id)).length, 1);
    assert.equal((await paymentsOverApi(second.booking.id)).length, 0);
  });

  it('lets an administrator delete a payment, after asking, and refuses a member', async () => {
    const { booking, path } = await pricedBooking('Tanaka retreat');
    const payment = await run(createPayment, { bookingId: booking.id, amount: 120_000, method: 'cash' });
    const action = `${o}/payments/${payment.id}/delete`;
    const member = await workspaceSession(server, venue.member.email, venue.orgId);
    const seen = await member.session.request(path);
    assert.doesNotMatch(seen.body, new RegExp(action), 'a member is offered no Delete');
    assert.equal((await member.session.request(action)).status, 403);

    const admin = await workspaceSession(server, venue.admin.email, venue.orgId);
    const page = await admin.session.request(path);
    assert.match(
      page.body,
      new RegExp(
        `<a href="${action}" aria-label="Delete the cash payment of €1,200.00 received Tue 20 Apr 2027">Delete</a>`,
      ),
    );
    const ask = await admin.session.request(action);
    assert.equal(ask.status, 200);
    assert.match(text(ask.body), /Delete the cash payment of €1,200\.00 received Tue 20 Apr 2027\?/);
    const confirm = formFields(ask.body, action);

    const refused = await member.session.request(action, { form: { ...confirm, _csrf: member.csrf } });
    assert.equal(refused.status, 403);
    assert.match(text(refused.body), /Only organization admins may change payments\./);
    assert.equal((await paymentsOverApi(booking.id)).length, 1, 'still there');

    const gone = await admin.session.request(action, { form: confirm });
    assert.equal(gone.status, 303);
    assert.equal(gone.location, `${server.url}${path}?notice=payment-deleted#payments-title`);
    assert.deepEqual(await paymentsOverApi(booking.id), []);
    const after = await admin.session.request(gone.location!);
    assert.match(
      text(paymentsOf(after.body)),
      /Paid €0\.00 Balance due €10,000\.00 .* No payments recorded yet\./,
    );
  });

  it('saves an installment form drawn before a payment re-resolved it, its terms being the same', async () => {
    const { session, csrf } = await workspaceSession(server, venue.member.email, venue.orgId);
    const { booking } = await pricedBooking('Ortiz gala');
    const deposit = await run(createInstallment, {
      bookingId: booking.id,
      label: 'Deposit',
      amount: 200_000,
      due_days_before: 30,
    });
    const action = `${o}/installments/${deposit.id}`;
    const edit = await session.request(`${action}/edit`);
    const drawn = formFields(edit.body, action);
    assert.ok(drawn.terms, 'the form carries its terms beside its version');
    // A payment fills the deposit: its paid amount, state and version move, its terms do not.
    await run(createPayment, { bookingId: booking.id, amount: 200_000, method: 'card' });
    const [paid] = await scheduleOverApi(booking.id);
    assert.equal(paid?.attributes.state, 'paid');
    const typed = { basis: 'amount', amount: '2000', due: 'days_before', due_days_before: '30' };
    const saved = await session.request(action, {
      form: { ...drawn, ...typed, _csrf: csrf, label: 'Deposit (signed)' },
    });
    assert.equal(saved.status, 303, text(saved.body).slice(0, 400));
    const [after] = await scheduleOverApi(booking.id);
    assert.deepEqual([after?.attributes.label, after?.attributes.state], ['Deposit (signed)', 'paid']);
    // A form drawn before a change of the terms is still refused, as the next test shows in full.
    await run(updateInstallment, { id: deposit.id, ifMatch: undefined, input: { amount: 150_000 } });
    const stale = await session.request(action, {
      form: { ...drawn, ...typed, _csrf: csrf, label: 'Deposit again' },
    });
    assert.equal(stale.status, 412);
  });

  it('changes an installment, refuses a save over a newer change keeping what was typed, and deletes it after asking', async () => {
    const { session, csrf } = await workspaceSession(server, venue.member.email, venue.orgId);
    const { booking, path } = await pricedBooking('Novak conference');
    const deposit = await run(createInstallment, {
      bookingId: booking.id,
      label: 'Deposit',
      percentage: '25',
      due_days_before: 30,
    });
    const action = `${o}/installments/${deposit.id}`;
    const edit = await session.request(`${action}/edit`);
    assert.equal(edit.status, 200, edit.body.slice(0, 300));
    assert.match(edit.body, /name="basis" value="percentage" id="basis-percentage" checked/);
    assert.match(edit.body, /name="due" value="days_before" id="due-days_before" checked/);
    assert.match(edit.body, /name="due_days_before" type="text" value="30"/);
    const version = versionIn(edit.body);
    const typed = {
      label: 'Deposit',
      basis: 'amount',
      amount: '3000',
      percentage: '25',
      due: 'signing',
      due_date: '',
      due_days_before: '30',
    };

    await run(updateInstallment, { id: deposit.id, ifMatch: undefined, input: { label: 'Signing deposit' } });
    const stale = await session.request(action, { form: { _csrf: csrf, version, ...typed } });
    assert.equal(stale.status, 412);
    assert.match(text(stale.body), /This changed while you were looking at it .* Label: Signing deposit/);
    assert.match(stale.body, /name="amount" type="text" value="3000"/);
    assert.match(stale.body, /name="basis" value="amount" id="basis-amount" checked/);
    const [kept] = await scheduleOverApi(booking.id);
    assert.deepEqual([kept?.attributes.label, kept?.attributes.percentage], ['Signing deposit', '25']);

    const again = await session.request(action, { form: { ...formFields(stale.body, action), ...typed } });
    assert.equal(again.status, 303, text(again.body).slice(0, 500));
    assert.equal(again.location, `${server.url}${path}?notice=installment-saved#payments-title`);
    const [saved] = await scheduleOverApi(booking.id);
    assert.deepEqual(
      [
        saved?.attributes.label,
        saved?.attributes.amount,
        saved?.attributes.percentage,
        saved?.attributes.due_on_signing,
      ],
      ['Deposit', 300000, null, true],
    );

    const ask = await session.request(`${action}/delete`);
    assert.equal(ask.status, 200);
    assert.match(text(ask.body), /Delete the installment Deposit\?/);
    const gone = await session.request(`${action}/delete`, {
      form: formFields(ask.body, `${action}/delete`),
    });
    assert.equal(gone.status, 303);
    assert.equal(gone.location, `${server.url}${path}?notice=installment-deleted#payments-title`);
    assert.deepEqual(await scheduleOverApi(booking.id), []);
    assert.equal((await session.request(`${action}/edit`)).status, 404);
  });
});
