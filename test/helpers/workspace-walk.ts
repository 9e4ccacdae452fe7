/**
 * The walk through the staff workspace that the browser tests share: sign in; create spaces (one
 * made of two others), an account and a booking through the forms; add a note; move the booking lead → tentative →
 * definite; give it a second event; meet a double booking of the combined space refused with the
 * other booking named; move its card on the pipeline board; find the booking in the week view; find a space;
 * subscribe to a calendar feed of the venue; take the daily digest under Settings → Task e-mails;
 * add a stage under Settings → Pipelines, a type under
 * Settings → Event types, a rate under Settings → Tax rates and an item that carries it under
 * Settings → Catalogue; price the booking with a line from that item, give it a deposit and record
 * the payment of it; keep a test message under Settings → Outgoing mail; turn the public inquiry
 * form on under Settings → Inquiry form (a bad slug refused first); open Settings → Custom fields; then documents
 * (test/helpers/documents-walk.ts): a proposal sent, accepted by its client on a phone, and the
 * booking confirmed. `visit` is called on every page of the walk,
 * by name.
 *
 * Its dates come from the server's clock, which the test sets: the week view's "this week" and the
 * dates typed into the forms then agree on every day the suite runs (workspace-week-days.test.ts
 * walks the week step from each of the seven weekdays).
 */
import assert from 'node:assert/strict';
import ICAL from 'ical.js';
import type { Locator, Page } from 'playwright-core';
import type { Clock } from '../../src/clock.js';
import { TEST_PASSWORD } from './factories.js';
import { DOCUMENTS_WALK_PAGES, walkDocuments } from './documents-walk.js';

/** The date `days` after the clock's today (UTC), at `time`, as a datetime-local field wants it. */
export function daysAhead(clock: Clock, days: number, time: string): string {
  return `${new Date(clock.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;
}

/**
 * Opens the week view from the sections menu and returns the first slot of the booking named `name`:
 * in this week, or else in the next (a booking a few days ahead lies in one of the two). An empty
 * week names the next booking in a sentence, so the walk looks for the slot itself, never a link.
 */
export async function weekSlotOf(page: Page, name: string): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Week' }).click();
  await page.getByRole('heading', { name: /^Week of / }).waitFor();
  const slot = page.locator('a.slot:not(.through):visible', { hasText: name }).first();
  if ((await slot.count()) === 0) {
    const heading = await page.getByRole('heading', { name: /^Week of / }).innerText();
    await page.getByRole('link', { name: /Next week/ }).click();
    await page
      .getByRole('heading', { name: /^Week of / })
      .filter({ hasNotText: heading })
      .waitFor();
  }
  await slot.waitFor({ timeout: 5_000 });
  return slot;
}

export interface Walk {
  page: Page;
  server: { url: string; clock: Clock };
  orgId: string;
  admin: { email: string };
  /** Called on every page of the walk, by name; `on` a page of another browser context (the client's). */
  visit: (name: string, on?: Page) => Promise<void>;
}

export const WALK_PAGES = 44 + DOCUMENTS_WALK_PAGES;

export async function walkWorkspace({ page, server, orgId, admin, visit }: Walk): Promise<void> {
  const field = (label: string | RegExp) => page.getByLabel(label, { exact: typeof label === 'string' });
  await page.goto(`${server.url}/`);
  await field('E-mail').fill(admin.email);
  await field('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${server.url}/orgs/${orgId}/bookings`);
  await page.getByRole('heading', { name: 'No bookings yet' }).waitFor();
  assert.equal(await page.getByRole('search').count(), 0, 'an empty venue shows no filters');
  await visit('bookings-empty');

  await page.goto(`${server.url}/orgs/${orgId}/week`);
  await visit('week-empty');

  // The venue's time zone, through Settings → Venue: every page shows times in it.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Venue' }).click();
  await page.getByRole('heading', { name: 'Venue' }).waitFor();
  await page.getByLabel('Time zone').selectOption('Europe/London');
  await field('Currency').fill('GBP');
  await field(/^Service charge/).fill('12.5');
  await page.getByLabel('Tax the service charge').check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Changes saved.').waitFor();
  assert.equal(await field(/^Service charge/).inputValue(), '12.5');
  assert.ok(await page.getByLabel('Tax the service charge').isChecked());
  assert.ok(await page.getByLabel('Beverage').isChecked(), 'food and beverage, as at first');
  await visit('venue');

  // A space, through Settings → Spaces (refused first without a name).
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Spaces' }).click();
  await page.getByRole('heading', { name: 'Spaces' }).waitFor();
  await page.getByRole('button', { name: 'Add space' }).click();
  await page.getByText('A space needs a name.').first().waitFor();
  await visit('space-refused');
  await field('Name').fill('Boathouse');
  await field(/^Capacity/).fill('120');
  await page.getByRole('button', { name: 'Add space' }).click();
  await page.getByText('Space added.').waitFor();
  await field('Name').fill('Terrace');
  await field(/^Capacity/).fill('60');
  await page.getByRole('button', { name: 'Add space' }).click();
  await page.getByRole('link', { name: 'Terrace' }).waitFor();
  // A combined space: the whole venue, made of the Boathouse and the Terrace (SPEC §11).
  await field('Name').fill('Whole venue');
  await field(/^Capacity/).fill('180');
  await page.getByRole('button', { name: 'Add space' }).click();
  await page.getByRole('link', { name: 'Whole venue' }).click();
  await page.getByRole('checkbox', { name: 'Boathouse', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Terrace', exact: true }).check();
  await visit('space-edit');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('link', { name: 'Whole venue' }).waitFor();
  assert.match(
    await page.getByRole('row', { name: /^Whole venue/ }).innerText(),
    /made of Boathouse, Terrace/,
  );
  await visit('spaces');

  // An account.
  await page.getByRole('link', { name: 'Accounts', exact: true }).click();
  await page.getByRole('heading', { name: 'Accounts', exact: true }).waitFor();
  await visit('accounts-empty');
  await page.getByRole('link', { name: 'Add the first account' }).click();
  await field('Name').fill('Lumen Studios');
  await field(/^E-mail/).fill('events@lumen.example');
  await field(/^Phone/).fill('+44 20 7946 0000');
  await visit('account-new');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Lumen Studios' }).waitFor();
  await visit('account');

  // A booking through the form, started from the account (errors first, beside their fields).
  await page.getByRole('link', { name: 'New booking' }).first().click();
  await page.getByRole('button', { name: 'Create booking' }).click();
  await page.getByRole('heading', { name: 'Please correct these fields' }).waitFor();
  const nameError = await field('Event name').getAttribute('aria-describedby');
  assert.match(nameError ?? '', /field-name-error/);
  await visit('booking-refused');
  await field('Event name').fill('Lumen summer party');
  await field(/^Event type/).fill('Summer party');
  await field('Starts').fill(daysAhead(server.clock, 3, '17:00'));
  await field('Ends').fill(daysAhead(server.clock, 3, '23:00'));
  await page.getByLabel('Time zone').selectOption('Europe/London');
  await page.getByLabel('Boathouse (up to 120)').check();
  await field(/^Guests/).fill('80');
  await field(/^Total/).fill('4500');
  await field('Currency').fill('GBP');
  await visit('booking-new');
  await page.getByRole('button', { name: 'Create booking' }).click();
  await page.getByText('Booking created.').waitFor();
  const firstUrl = page.url();
  assert.match(await page.locator('.ref').first().innerText(), /BK-00001/);
  await visit('booking');

  // A note.
  await page.getByLabel('Add a note').fill('Client wants the terrace doors open after sunset.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await page.getByText('Note added.').waitFor();
  await page.getByText('Client wants the terrace doors open after sunset.').waitFor();
  await visit('booking-noted');
  await page.getByRole('link', { name: /^Edit note/ }).click();
  await page.getByRole('heading', { name: 'Edit note', exact: true }).waitFor();
  await visit('note-edit');
  await page.goBack();

  // Only the allowed moves, lead → tentative → definite.
  assert.equal(await page.getByRole('button', { name: 'Close booking' }).count(), 0, 'a lead cannot close');
  await page.getByRole('button', { name: 'Move to tentative' }).click();
  await page.getByText('Status changed.').waitFor();
  assert.match(await page.locator('.head-actions .badge').innerText(), /Tentative/);
  await page.getByRole('button', { name: 'Confirm as definite' }).click();
  // "Status changed." is on the page already, from the move before: wait for the new status.
  await page.locator('.head-actions .badge', { hasText: 'Definite' }).waitFor();
  await page.getByText('Status changed.').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Close booking' }).count(), 1);
  await visit('booking-definite');

  // A second event of the same booking (SPEC §11): late drinks on the Terrace, past midnight,
  // refused first without its fields, each error beside its field.
  await page.getByRole('link', { name: 'Add an event' }).click();
  await page.getByRole('heading', { name: 'Add an event' }).waitFor();
  await page.getByRole('button', { name: 'Add event' }).click();
  await page.getByRole('heading', { name: 'Please correct these fields' }).waitFor();
  assert.match((await field('Event name').getAttribute('aria-describedby')) ?? '', /field-name-error/);
  await visit('event-refused');
  await field('Event name').fill('Late drinks');
  await field('Starts').fill(daysAhead(server.clock, 3, '23:00'));
  await field('Ends').fill(daysAhead(server.clock, 4, '00:30'));
  await field(/^Teardown/).fill('30');
  await field(/^Guests expected/).fill('40');
  await page.getByLabel('Setup style').selectOption('reception');
  await page.getByLabel('Terrace (up to 60)').check();
  assert.equal(
    (
      await page
        .getByLabel(/^Event type/)
        .locator('option:checked')
        .innerText()
    ).trim(),
    'Summer party',
    "a new event is of its booking's type unless another is chosen",
  );
  await visit('event-new');
  await page.getByRole('button', { name: 'Add event' }).click();
  await page.getByText('Event added.').waitFor();
  const events = page.locator('li.event');
  assert.deepEqual(
    (await events.locator('strong').allInnerTexts()).map((t) => t.trim()),
    ['Summer party', 'Late drinks'],
  );
  assert.match(await events.nth(1).innerText(), /23:00.*00:30.*teardown 30 min/s);
  assert.match(await events.nth(1).innerText(), /Terrace · 40 guests · Reception · Type: Summer party/i);
  await visit('booking-two-events');

  // A second definite booking of the whole venue, which the Boathouse is part of, at an
  // overlapping time is refused, naming the first.
  await page.goto(`${server.url}/orgs/${orgId}/bookings/new`);
  await field('Event name').fill('Harbour gala');
  await page.locator('#field-account').selectOption({ label: 'Lumen Studios' });
  await page.getByLabel('Status').selectOption('definite');
  await field('Starts').fill(daysAhead(server.clock, 3, '20:00'));
  await field('Ends').fill(daysAhead(server.clock, 4, '01:00'));
  await page.getByLabel('Time zone').selectOption('Europe/London');
  await page.getByLabel('Whole venue (up to 180)').check();
  await page.getByRole('button', { name: 'Create booking' }).click();
  const refusal = page.locator('.clash');
  await refusal.waitFor();
  assert.match(
    await refusal.innerText(),
    /Boathouse is already held by the definite booking BK-00001 Lumen summer party \(\w{3} \d+ \w{3} \d{4}, 17:00–23:00\)/,
  );
  assert.equal(
    await page.locator('#field-spaces-error').innerText(),
    'Boathouse is taken at those times, and a space you chose is made of it or part of it: choose another space or time.',
  );
  const link = await refusal.getByRole('link', { name: 'BK-00001 Lumen summer party' }).getAttribute('href');
  assert.equal(`${server.url}${link}`, firstUrl.replace(/\?.*$/, ''));
  await visit('booking-conflict');

  // The booking list, and the week it falls in.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Bookings' }).click();
  // The refusal names the party in a link too, so the list is known by its heading.
  await page.getByRole('heading', { name: 'Bookings', exact: true }).waitFor();
  await page.getByRole('link', { name: 'Lumen summer party' }).waitFor();
  await visit('bookings');

  // The pipeline board beside the list (SPEC §15): the party, made definite with no stage named,
  // is at Won, which stands for definite; each column says how many bookings it holds and what
  // they are worth. Its card moves by the form under it: to Negotiating (it stays definite), and
  // back to Won.
  await page.getByRole('link', { name: 'Pipeline board' }).click();
  await page.getByRole('heading', { name: 'Pipeline: Sales' }).waitFor();
  assert.match(
    await page.getByRole('region', { name: /^Won/ }).innerText(),
    /^Won\s+definite\s+1 booking · £4,500\.00\s+Lumen summer party/,
  );
  assert.match(await page.getByRole('region', { name: /^New inquiry/ }).innerText(), /0 bookings/);
  const card = page.getByLabel('Move BK-00001 Lumen summer party to stage');
  await card.selectOption({ label: 'Negotiating' });
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await page.getByText('Booking moved.').waitFor();
  assert.match(
    await page.getByRole('region', { name: /^Negotiating/ }).innerText(),
    /1 booking · £4,500\.00\s+Lumen summer party[\s\S]*Definite/,
  );
  await card.selectOption({ label: 'Won (definite)' });
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await page.getByText('Booking moved.').waitFor();
  assert.match(
    await page.getByRole('region', { name: /^Won/ }).innerText(),
    /Lumen summer party[\s\S]*£4,500\.00/,
  );
  await visit('pipeline-board');
  const slot = await weekSlotOf(page, 'Lumen summer party');
  assert.match(await slot.innerText(), /17:00–23:00/);
  assert.match((await slot.getAttribute('class')) ?? '', /status-definite/);
  const lateDrinks = page.locator('a.slot:not(.through):visible', { hasText: 'Late drinks' });
  assert.equal(await lateDrinks.count(), 2, 'an overnight event shows on both its days');
  assert.ok(await lateDrinks.first().getByLabel('continues the next day').count());
  assert.ok(await lateDrinks.nth(1).getByLabel('continued from the day before').count());
  assert.match(
    await lateDrinks.nth(1).innerText(),
    /Held [^\n]*teardown \d\d:\d\d/,
    'its teardown is shown, second, where it falls',
  );
  // The whole venue, made of both, is held by each of them: its row of the grid (a phone lists
  // the week by day instead) says through which.
  if (await page.locator('.week-grid').isVisible()) {
    const through = page.getByRole('row', { name: /^Whole venue/ }).locator('a.slot.through');
    assert.equal(await through.count(), 3, 'the party and both days of the late drinks');
    assert.match(await through.first().innerText(), /Held through Boathouse/);
  }
  await visit('week');

  // Find a space that evening for 100 at a banquet: the Boathouse is taken by the party, the whole
  // venue through it, and the Terrace is free but too small.
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Find a space' })
    .click();
  await page.getByRole('heading', { name: 'Find a space' }).waitFor();
  await field('Date').fill(daysAhead(server.clock, 3, '').slice(0, 10));
  await field('From').fill('18:00');
  await field('To').fill('22:00');
  await field(/^Guests/).fill('100');
  await page.getByLabel(/^Setup style/).selectOption('banquet');
  await page.getByRole('button', { name: 'Find spaces' }).click();
  await page.getByRole('heading', { name: /^Spaces for / }).waitFor();
  const rowOf = (name: string) => page.getByRole('row', { name: new RegExp(`^${name}`) });
  assert.match(await rowOf('Boathouse').innerText(), /Taken[\s\S]*BK-00001/);
  assert.match(await rowOf('Whole venue').innerText(), /Taken[\s\S]*BK-00001/);
  assert.match(await rowOf('Terrace').innerText(), /Free[\s\S]*do not fit/);
  await visit('find-space');

  await page.getByRole('link', { name: 'Contacts', exact: true }).click();
  await page.getByRole('heading', { name: 'Contacts', exact: true }).waitFor();
  await visit('contacts-empty');

  // A calendar feed of the whole venue, subscribed to as a calendar app would (SPEC §11): its
  // address is shown once; fetched, it parses as iCalendar with one VEVENT per event.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'Calendar feeds' })
    .click();
  await page.getByText('You have no calendar feeds yet.').waitFor();
  await page.getByLabel('Shows').selectOption('venue');
  await page.getByRole('button', { name: 'Make the feed' }).click();
  const address = await page.locator('#feed-url').innerText();
  await visit('calendar-feed-made');
  const feed = await fetch(`${server.url}${new URL(address).pathname}`);
  assert.equal(feed.status, 200);
  assert.match(feed.headers.get('content-type') ?? '', /^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  assert.deepEqual(
    calendar
      .getAllSubcomponents('vevent')
      .map((e) => String(e.getFirstPropertyValue('summary')))
      .sort(),
    ['Lumen summer party — Late drinks', 'Lumen summer party — Summer party'],
  );
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'Calendar feeds' })
    .click();
  // The same address as the page that showed the feed's, so the page drawn anew is known by that
  // address being gone: it is shown only once.
  await page.locator('#feed-url').waitFor({ state: 'detached' });
  const row = page.getByRole('row', { name: /The whole venue/ });
  assert.doesNotMatch(await row.innerText(), /never/, 'the feed shows its last use');
  await visit('calendar-feeds');

  // Settings → Task e-mails: the member takes one digest a day instead of each e-mail.
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'Task e-mails' })
    .click();
  await page.getByLabel('E-mails about my tasks').selectOption('digest');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved.').waitFor();
  assert.equal(await page.getByLabel('E-mails about my tasks').inputValue(), 'digest');
  await visit('task-emails');

  // Settings → Pipelines: a stage added to the default pipeline goes after its last.
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Pipelines' }).click();
  await page.getByRole('heading', { name: 'Pipelines', exact: true }).waitFor();
  await page.getByLabel('New stage of Sales').fill('Tasting');
  await page.getByRole('button', { name: 'Add stage' }).click();
  await page.getByText('Stage added.').waitFor();
  assert.equal(await page.getByLabel('Name of stage 6').inputValue(), 'Tasting');
  await visit('pipelines');

  // Settings → Event types: the booking's type, of both its events, and one added.
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Event types' }).click();
  await page.getByRole('heading', { name: 'Event types', exact: true }).waitFor();
  assert.equal(await page.getByLabel('Value of the event type Summer party').inputValue(), 'Summer party');
  assert.match(await page.locator('ul.stages > li').first().innerText(), /2 events/);
  await page.getByLabel('New event type').fill('Conference');
  await page.getByRole('button', { name: 'Add event type' }).click();
  await page.getByText('Event type added.').waitFor();
  assert.equal(await page.getByLabel('Value of the event type Conference').inputValue(), 'Conference');
  await visit('event-types');

  // Settings → Tax rates: VAT, which the venue's prices contain.
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Tax rates' }).click();
  await page.getByRole('heading', { name: 'Tax rates', exact: true }).waitFor();
  await field('Name').fill('VAT');
  await field('Percentage').fill('20');
  await page.getByLabel('Inclusive').check();
  await page.getByRole('button', { name: 'Add tax rate' }).click();
  await page.getByText('Tax rate added.').waitFor();
  assert.match(await page.getByRole('row', { name: /^VAT/ }).innerText(), /20%\s+Yes\s+Yes/);
  await visit('tax-rates');

  // Settings → Catalogue: a dinner menu priced per guest, with the service charge and VAT.
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Catalogue' }).click();
  await page.getByRole('heading', { name: 'Catalogue', exact: true }).waitFor();
  await field('Name').fill('Gold dinner menu');
  await field(/^Description/).fill('Three courses, coffee and petits fours.');
  await page.getByLabel('Category').selectOption('food');
  await page.getByLabel('Unit', { exact: true }).selectOption('per_person');
  await field(/^Unit price/).fill('85');
  await page.getByLabel('Service charge').check();
  await page.getByLabel(/^VAT/).check();
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.getByText('Item added.').waitFor();
  assert.match(
    await page.getByRole('row', { name: /^Gold dinner menu/ }).innerText(),
    /Food\s+per person\s+£85\.00\s+Yes\s+Yes\s+VAT/,
  );
  await visit('catalogue');

  // The party priced from the catalogue: the dinner menu for its first event's 80 guests, with the
  // venue's 12.5% service charge, and VAT inside the price.
  await page.goto(firstUrl.replace(/\?.*$/, ''));
  await page.getByRole('link', { name: 'Add a line' }).click();
  await page.getByRole('heading', { name: 'Add a line' }).waitFor();
  const fromCatalogue = page.getByRole('region', { name: 'From the catalogue' });
  await fromCatalogue
    .getByLabel('Catalogue item')
    .selectOption({ label: 'Gold dinner menu — £85.00 per person' });
  assert.match(
    await fromCatalogue.getByLabel('Event').locator('option:checked').innerText(),
    /^Summer party, /,
  );
  await visit('line-new');
  await fromCatalogue.getByRole('button', { name: 'Add from catalogue' }).click();
  await page.getByText('Line added.').waitFor();
  const pricing = page.getByRole('region', { name: 'Pricing' });
  assert.match(
    await pricing.getByRole('row', { name: /^Gold dinner menu/ }).innerText(),
    /80 per person \(from guests\)\s+£85\.00\s+£6,800\.00/,
  );
  // The VAT is inside the price and the taxed service charge: (6,800.00 + 850.00) ÷ 6 = 1,275.00,
  // said under the grand total, never a row of its own.
  const totals = await pricing.getByLabel('Totals').innerText();
  assert.match(totals, /Grand total\s+£7,650\.00\s+includes VAT £1,275\.00/);
  assert.doesNotMatch(totals, /^(Tax|VAT)\b/m);
  await visit('booking-priced');

  // Its payments: a deposit of a quarter, due on signing, and a card payment naming no installment,
  // which pays it.
  await page.getByRole('link', { name: 'Add an installment' }).click();
  await page.getByRole('heading', { name: 'Add an installment' }).waitFor();
  await field('Label').fill('Deposit');
  await page.getByLabel('A percentage of the grand total').check();
  await field('Percentage').fill('25');
  await page.getByLabel('On signing').check();
  await visit('installment-new');
  await page.getByRole('button', { name: 'Add installment' }).click();
  await page.getByText('Installment added.').waitFor();
  const deposit = page.getByRole('region', { name: 'Payments' }).getByRole('row', { name: /^Deposit/ });
  assert.match(
    await deposit.innerText(),
    /25% of the grand total\s+on signing\s+£1,912\.50\s+£0\.00\s+£1,912\.50\s+Scheduled/,
  );
  await page.getByRole('link', { name: 'Record a payment' }).click();
  await page.getByRole('heading', { name: 'Record a payment' }).waitFor();
  await field('Amount (GBP)').fill('1 912,50');
  await page.getByLabel('Method').selectOption('card');
  await field(/^Reference/).fill('pi_3PqX');
  await visit('payment-new');
  await page.getByRole('button', { name: 'Record a payment' }).click();
  await page.getByText('Payment recorded.').waitFor();
  assert.match(await deposit.innerText(), /£1,912\.50\s+£1,912\.50\s+£0\.00\s+Paid/);
  await visit('booking-paid');

  // Settings → Outgoing mail: with no SMTP server set up, a test message is kept there, unsent.
  await page.goto(`${server.url}/orgs/${orgId}/settings/outgoing-mail`);
  await page.getByRole('heading', { name: 'Outgoing mail', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Send a test message to me' }).click();
  await page.getByText(/is kept below\./).waitFor();
  assert.match(await page.getByRole('row', { name: /^Test message from/ }).innerText(), /Not sent/);
  await visit('outgoing-mail');

  // Settings → Inquiry form: a slug that is no address refused, then the form on, with where it is.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'Inquiry form' })
    .click();
  await page.getByRole('heading', { name: 'Inquiry form', exact: true }).waitFor();
  await page.getByLabel('Take inquiries').check();
  await field(/^Slug/).fill('Harbour Rooms!');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('heading', { name: 'Please correct these fields' }).waitFor();
  await visit('inquiry-form-refused');
  await field(/^Slug/).fill('harbour-rooms');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Changes saved.').waitFor();
  assert.match(
    await page.getByRole('region', { name: 'Where it is' }).innerText(),
    /\/inquire\/harbour-rooms/,
  );
  await visit('inquiry-form');

  // Settings → Custom fields: the venue's own fields, by record type, in their order.
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'Custom fields' })
    .click();
  await page.getByRole('heading', { name: 'Custom fields', exact: true }).waitFor();
  await visit('custom-fields');

  // Settings → Automations: a shipped one turned on in one click, a new one refused beside its
  // step's days with what was typed kept, and the latest runs of one.
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Automations' }).click();
  await page.getByRole('heading', { name: 'Automations', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Turn on Follow up a proposal' }).click();
  await page.getByText('Follow up a proposal turned on.').waitFor();
  await visit('automations');
  await page.getByRole('link', { name: 'New automation' }).click();
  await page.getByRole('heading', { name: 'New automation' }).waitFor();
  await field('Name').fill('Chase a quiet lead');
  await field('Trigger').selectOption('inquiry.received');
  await field('Add a step that does').selectOption('wait');
  await page.getByRole('button', { name: 'Add the step' }).click();
  await field('Days (step 1)').fill('-1');
  await page.getByRole('button', { name: 'Add the automation' }).click();
  await page.getByRole('heading', { name: 'Please correct these fields' }).waitFor();
  assert.equal(await field('Days (step 1)').inputValue(), '-1');
  await visit('automation-refused');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Automations' }).click();
  await page.getByRole('heading', { name: 'Automations', exact: true }).waitFor();
  await page.getByRole('link', { name: 'Recent runs of Follow up a proposal' }).click();
  await page.getByRole('heading', { name: 'Recent runs' }).waitFor();
  await visit('automation-runs');

  // Approvals: the automations' drafted mail, none waiting yet.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Approvals' }).click();
  await page.getByText('Nothing awaits approval.').waitFor();
  await visit('approvals');

  await walkDocuments({ page, server, orgId, visit });
}
