/**
 * The workspace's figures in the organization's locale (SPEC §13), over HTTP as a signed-in
 * member of a venue in Berlin (de-DE, EUR): percentages read "19 %" and "8,875 %", never "8.875%";
 * counts of guests and capacities are grouped ("1.200 guests", "up to 2.500");
 * a limit says "1.000.000.000.000,00 €", and a save over someone else's change says what is saved
 * now as the venue reads days, times, guests and amounts. The helpers are held to en-US and en-GB
 * too; the documents' guest counts and quantities are in the locale of the document.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createBooking, updateBooking } from '../../src/crm/bookings/booking.commands.js';
import { guestsOf, quantityOf, taxesOf } from '../../src/crm/documents/document-blocks.js';
import { installmentTerms } from '../../src/crm/documents/schedule-words.js';
import { createEvent } from '../../src/crm/events/event.commands.js';
import type { EventValue } from '../../src/crm/events/index.js';
import { updateOrganization } from '../../src/crm/organization/organization.commands.js';
import { createInstallment } from '../../src/crm/payments/installments.js';
import { createLineItem } from '../../src/crm/pricing/line-items.js';
import type { LineItemValue as LineItem } from '../../src/crm/pricing/line-item.codec.js';
import { createTaxRate } from '../../src/crm/pricing/tax-rates.js';
import { createSpace } from '../../src/crm/spaces/space.commands.js';
import type { Actor } from '../../src/policy/actor.js';
import { countText, decimalText, percentText } from '../../src/locale.js';
import { type Command, write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import type { BrowserSession } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { fieldError, makeWorkspaceVenue, versionIn, workspaceSession } from '../helpers/workspace-data.js';

const NBSP = '\u00a0';

describe('the locale helpers', () => {
  it('write percentages from their decimal text with the decimals they have', () => {
    assert.equal(percentText('8.875', 'de-DE'), `8,875${NBSP}%`);
    assert.equal(percentText('12.5', 'de-DE'), `12,5${NBSP}%`);
    assert.equal(percentText('19', 'de-DE'), `19${NBSP}%`);
    assert.equal(percentText('20.00', 'de-DE'), `20${NBSP}%`, 'trailing zeros are not decimals');
    assert.equal(percentText('8.875', 'en-US'), '8.875%');
    assert.equal(percentText('12.5', 'en-GB'), '12.5%');
    assert.equal(percentText('33.3', 'de-DE', 1), `33,3${NBSP}%`);
    // A rate with many decimals is exact, not a float's neighbour.
    assert.equal(percentText('0.1', 'en-GB'), '0.1%');
    assert.equal(percentText('not a rate', 'de-DE'), 'not a rate%');
  });

  it('group counts and decimal quantities as the locale does', () => {
    assert.equal(countText(1200, 'de-DE'), '1.200');
    assert.equal(countText(1200, 'en-US'), '1,200');
    assert.equal(countText(12, 'de-DE'), '12');
    assert.equal(decimalText('1200.5', 'de-DE'), '1.200,5');
    assert.equal(decimalText('1200.50', 'en-GB'), '1,200.50');
    assert.equal(decimalText('2', 'de-DE'), '2');
    assert.equal(decimalText('12345678901234.25', 'en-US'), '12,345,678,901,234.25');
  });

  it('write the documents’ guests, quantities, tax labels and installment terms in the document’s locale', () => {
    const event = { guestCount: 1200, guaranteedCount: 1150 } as unknown as EventValue;
    assert.equal(guestsOf(event, 'de-DE'), '1.200 guests (1.150 guaranteed)');
    assert.equal(guestsOf(event, 'en-US'), '1,200 guests (1,150 guaranteed)');
    const line = { quantity: '1250.5', unit: 'flat' } as unknown as LineItem;
    assert.equal(quantityOf(line, 'de-DE'), '1.250,5');
    const perPerson = { quantity: '1200', unit: 'per_person' } as unknown as LineItem;
    assert.equal(quantityOf(perPerson, 'de-DE'), '1.200 guests');
    const taxed = {
      taxes: [{ id: 't', name: 'MwSt', percentage: '8.875', inclusive: false, amount: 100 }],
    } as unknown as LineItem;
    assert.deepEqual([...taxesOf([taxed], 'de-DE').adding.keys()], [`MwSt 8,875${NBSP}%`]);
    assert.equal(
      installmentTerms({ percentage: '12.5', remainder: false }, 'de-DE'),
      `12,5${NBSP}% of the total`,
    );
  });
});

eachDatabase((suite) => {
  let server: TestServer;
  let session: BrowserSession;
  let csrf: string;
  let o: string;
  let bookingId: string;
  let hallId: string;
  let actor: Actor;
  let accountId: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const venue = await makeWorkspaceVenue(suite.db, 'Berlin Halle');
    o = `/orgs/${venue.orgId}`;
    actor = venue.actor;
    accountId = venue.accountId;
    bookingId = venue.bookingId;
    const run = <Input, Result>(command: Command<Input, Result>, input: Input) =>
      write({ db: suite.db, clock: server.clock }, venue.actor, command, input);
    await run(updateOrganization, {
      ifMatch: undefined,
      input: {
        timezone: 'Europe/Berlin',
        currency: 'EUR',
        locale: 'de-DE',
        service_charge_percentage: '12.5',
      },
    });
    hallId = (await run(createSpace, { name: 'Große Halle', capacity: 2500 })).id;
    const reduced = await run(createTaxRate, { name: 'Reduced', percentage: '8.875' });
    await run(createTaxRate, { name: 'MwSt', percentage: '19', inclusive: true });
    await suite.db.updateTable('bookings').set({ currency: 'EUR' }).where('id', '=', bookingId).execute();
    const event = await run(createEvent, {
      bookingId,
      name: 'Gala dinner',
      start_at: '2027-03-10T18:00:00Z',
      end_at: '2027-03-10T22:00:00Z',
      guest_count: 1200,
      guaranteed_count: 1150,
      spaceIds: [hallId],
    });
    await run(createLineItem, {
      bookingId,
      eventId: event.id,
      name: 'Dinner',
      category: 'food',
      unit: 'per_person',
      unit_price: 8500,
      service_charge: true,
      tax_rate_ids: [reduced.id],
    });
    await run(createInstallment, { bookingId, label: 'Deposit', percentage: '12.5', due_on_signing: true });
    ({ session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId));
  });
  after(() => server.close());

  it('writes the booking’s rates, charges, installment terms and guests in de-DE', async () => {
    const page = await session.request(`${o}/bookings/${bookingId}`);
    assert.equal(page.status, 200);
    assert.match(page.body, new RegExp(`Service charge 12,5${NBSP}%: `));
    assert.match(page.body, new RegExp(`Reduced 8,875${NBSP}%: `));
    assert.match(page.body, new RegExp(`12,5${NBSP}% of the grand total`));
    assert.match(page.body, /1\.200 guests, 1\.150 guaranteed/, 'the events list');
    assert.match(page.body, /1\.150 guests<\/span>/, 'the pricing heading of the event');
    assert.doesNotMatch(page.body, /8\.875%|12\.5%/);
  });

  it('writes the settings’ rates and the line form’s choices in de-DE', async () => {
    const rates = await session.request(`${o}/settings/tax-rates`);
    assert.match(rates.body, new RegExp(`<td data-label="Percentage">8,875${NBSP}%</td>`));
    assert.match(rates.body, new RegExp(`<td data-label="Percentage">19${NBSP}%</td>`));
    const catalogue = await session.request(`${o}/settings/catalogue`);
    assert.match(catalogue.body, new RegExp(`Reduced \\(8,875${NBSP}%\\)`));
    assert.match(catalogue.body, new RegExp(`MwSt \\(19${NBSP}%, inclusive\\)`));
    const line = await session.request(`${o}/bookings/${bookingId}/line-items/new`);
    assert.match(line.body, new RegExp(`Reduced \\(8,875${NBSP}%\\)`));
    assert.match(line.body, new RegExp(`MwSt \\(19${NBSP}%, included in prices\\)`));
    assert.match(line.body, new RegExp(`service charge \\(12,5${NBSP}%\\) is added`));
  });

  it('groups capacities and guests on the forms and in finding a space', async () => {
    const event = await session.request(`${o}/bookings/${bookingId}/events/new`);
    assert.match(event.body, /Große Halle \(up to 2\.500\)/);
    const booking = await session.request(`${o}/bookings/new`);
    assert.match(booking.body, /Große Halle \(up to 2\.500\)/);
    const find = await session.request(`${o}/find-a-space?date=2027-04-01&from=18:00&to=22:00&guests=1200`);
    assert.equal(find.status, 200);
    assert.match(find.body, /1\.200 fit/);
    assert.match(find.body, /1\.200 do not fit/, 'the Boathouse takes 120');
  });

  it('says the limits of amounts in the venue’s money', async () => {
    const payment = await session.request(`${o}/bookings/${bookingId}/payments`, {
      form: {
        _csrf: csrf,
        amount: '1000000000001',
        method: 'card',
        kind: 'payment',
        received_on: '2027-03-01',
      },
    });
    assert.equal(payment.status, 422);
    assert.equal(
      fieldError(payment.body, 'amount'),
      `An amount is above 0 and at most 1.000.000.000.000,00${NBSP}€.`,
    );
    const page = await session.request(`${o}/bookings/${bookingId}`);
    const fnb = await session.request(`${o}/bookings/${bookingId}/fnb-minimum`, {
      form: { _csrf: csrf, version: versionIn(page.body), fnb_minimum: '1000000001' },
    });
    assert.equal(fnb.status, 422);
    assert.match(fnb.body, /An F&amp;B minimum is from 0 to 1\.000\.000\.000,00\u00a0€\./);
  });

  it('says what someone else saved in the venue’s days, times and counts', async () => {
    const single = await write({ db: suite.db, clock: server.clock }, actor, createBooking, {
      name: 'Sommerfest',
      start_at: '2027-06-18T16:00:00Z',
      end_at: '2027-06-18T21:00:00Z',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
      guest_count: 80,
      accountId,
    });
    const action = `${o}/bookings/${single.id}`;
    const edit = await session.request(`${action}/edit`);
    assert.equal(edit.status, 200);
    const typed = formValues(edit.body, action);
    assert.equal(typed.start_at, '2027-06-18T18:00');
    // Meanwhile, someone moves it half an hour earlier and gives its guests.
    await write({ db: suite.db, clock: server.clock }, actor, updateBooking, {
      id: single.id,
      ifMatch: undefined,
      input: { start_at: '2027-06-18T15:30:00Z', end_at: '2027-06-18T21:00:00Z', guest_count: 1250 },
    });
    const stale = await session.request(action, { form: typed });
    assert.equal(stale.status, 412);
    assert.match(stale.body, /<li>Starts: Fr\., 18\. Juni 2027, 17:30<\/li>/);
    assert.match(stale.body, /<li>Guests: 1\.250<\/li>/);
    assert.doesNotMatch(stale.body, /2027-06-18 17:30/);
  });
});

/** What a browser submits from the form posting to `action`: inputs (checked boxes only), selects, textareas. */
function formValues(page: string, action: string): Record<string, string | string[]> {
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const start = page.indexOf(`action="${action}"`);
  assert.notEqual(start, -1, `a form posting to ${action}`);
  const form = page.slice(start, page.indexOf('</form>', start));
  const values: Record<string, string | string[]> = {};
  const add = (name: string, value: string) => {
    const had = values[name];
    values[name] = had === undefined ? value : [had, value].flat();
  };
  for (const tag of form.match(/<input\b[^>]*>/g) ?? []) {
    const name = /\bname="([^"]*)"/.exec(tag)?.[1];
    const type = /\btype="([^"]*)"/.exec(tag)?.[1] ?? 'text';
    if (!name || type === 'submit' || type === 'button') continue;
    if ((type === 'checkbox' || type === 'radio') && !/\bchecked\b/.test(tag)) continue;
    add(name, decode(/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? ''));
  }
  for (const [, attributes, body] of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = /\bname="([^"]*)"/.exec(attributes!)?.[1];
    if (!name) continue;
    const chosen =
      /<option value="([^"]*)"\s+selected>/.exec(body!)?.[1] ??
      /<option value="([^"]*)"/.exec(body!)?.[1] ??
      '';
    add(name, decode(chosen));
  }
  for (const [, attributes, body] of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = /\bname="([^"]*)"/.exec(attributes!)?.[1];
    if (name) add(name, decode(body!));
  }
  return values;
}
