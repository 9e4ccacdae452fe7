/**
 * The demo venue's prices (SPEC §12), written through the same commands as the API: a sales tax
 * and a 20% service charge that is taxed, a catalogue of menus, bars, rentals and services, and
 * bookings priced from it (a dinner by its guests, a bar, the ceremony setup, the AV of a plenary,
 * a coordinator's hours for a wedding): the past year's closed ones, so its revenue shows by
 * space and month, and the upcoming definite and tentative ones. Definite and closed bookings get
 * a schedule (a 25% deposit three months before, the rest two weeks before). Closed bookings
 * were paid in full, as were those of the coming week; the others paid their deposit, except
 * every fourth (its deposit overdue once its day passed), and the two confirmed last, whose
 * deposit falls due today. A balance fell due two weeks before: a booking in between owes it
 * (overdue), as some clients do.
 */
import type { Trx } from '../db/database.js';
import { updateOrganization } from '../crm/organization/index.js';
import { createInstallment, createPayment } from '../crm/payments/index.js';
import { createItem, createLineItem, createTaxRate, type ItemInput } from '../crm/pricing/index.js';
import { workIn } from '../writes/unit-of-work.js';
import { localDate } from '../wall-clock.js';
import type { DemoBooking } from './demo-bookings.js';
import { DEMO_ZONE } from './demo-data.js';
import { staffActor } from '../policy/actor.js';

const CATALOGUE = {
  dinner: {
    name: 'Gold dinner menu',
    category: 'food',
    unit: 'per_person',
    unit_price: 9500,
    service_charge: true,
  },
  lunch: {
    name: 'Delegate lunch',
    category: 'food',
    unit: 'per_person',
    unit_price: 3800,
    service_charge: true,
  },
  bar: {
    name: 'Open bar, four hours',
    category: 'beverage',
    unit: 'per_person',
    unit_price: 4800,
    service_charge: true,
  },
  ceremony: { name: 'Ceremony setup', category: 'rental', unit: 'flat', unit_price: 150_000 },
  av: { name: 'AV package', category: 'av', unit: 'flat', unit_price: 85_000 },
  coordinator: { name: 'Event coordinator', category: 'labor', unit: 'per_hour', unit_price: 7500 },
} as const satisfies Record<string, ItemInput>;
type Priced = keyof typeof CATALOGUE;

/** What an event of a program is priced by, from its name. */
function itemFor(eventName: string): Priced | undefined {
  if (/dinner/i.test(eventName)) return 'dinner';
  if (/lunch/i.test(eventName)) return 'lunch';
  if (/drinks|reception|party/i.test(eventName)) return 'bar';
  if (/ceremony/i.test(eventName)) return 'ceremony';
  if (/plenary|keynote|presentation|workshop|meeting|session/i.test(eventName)) return 'av';
  return undefined;
}

const DAY = 86_400_000;

/** The most upcoming bookings priced, so that seeding stays quick. */
const PRICED_BOOKINGS = 40;
/** The confirmed bookings whose deposit falls due today. */
const DUE_TODAY = 2;

/** How each definite or closed booking pays: in full, its deposit, nothing yet, or a deposit due today. */
type Paying = 'full' | 'deposit' | 'unpaid' | 'due_today';

function payingOf(booking: DemoBooking, now: number, turn: number, dueToday: ReadonlySet<string>): Paying {
  if (booking.status === 'closed' || Date.parse(booking.start_at) - now < 7 * DAY) return 'full';
  if (dueToday.has(booking.id)) return 'due_today';
  return turn % 4 === 3 ? 'unpaid' : 'deposit';
}

export async function priceDemoBookings(
  trx: Trx,
  organizationId: string,
  adminId: string,
  bookings: readonly DemoBooking[],
  now: number,
): Promise<void> {
  const work = workIn(
    trx,
    staffActor({ organizationId, userId: adminId, role: 'admin', door: 'system' }),
    now,
  );
  await work.run(updateOrganization, {
    ifMatch: undefined,
    input: { service_charge_percentage: '20', service_charge_taxable: true },
  });
  const tax = await work.run(createTaxRate, { name: 'NY sales tax', percentage: '8.875' });
  const items = new Map<Priced, string>();
  for (const [key, item] of Object.entries(CATALOGUE) as Array<[Priced, ItemInput]>) {
    const made = await work.run(createItem, { ...item, tax_rate_ids: [tax.id] });
    items.set(key, made.id);
  }
  const upcoming = bookings
    .filter((b) => (b.status === 'definite' || b.status === 'tentative') && Date.parse(b.start_at) > now)
    .sort((a, b) => (a.start_at < b.start_at ? -1 : 1))
    .slice(0, PRICED_BOOKINGS);
  const closed = bookings.filter((b) => b.status === 'closed');
  const dueToday = new Set(
    upcoming
      .filter((b) => b.status === 'definite' && Date.parse(b.start_at) - now > 30 * DAY)
      .sort((a, b) => (a.created_at > b.created_at ? -1 : 1))
      .slice(0, DUE_TODAY)
      .map((b) => b.id),
  );
  const today = localDate(now, DEMO_ZONE);
  let turn = 0;
  for (const booking of [...closed, ...upcoming]) {
    for (const event of booking.events) {
      const item = itemFor(event.name);
      if (item)
        await work.run(createLineItem, { bookingId: booking.id, eventId: event.id, itemId: items.get(item) });
    }
    if (booking.event_type === 'Wedding') {
      await work.run(createLineItem, {
        bookingId: booking.id,
        itemId: items.get('coordinator'),
        quantity: '6',
      });
    }
    if (booking.status === 'tentative') continue;
    const paying = payingOf(booking, now, turn++, dueToday);
    const deposit = await work.run(createInstallment, {
      bookingId: booking.id,
      label: 'Deposit',
      percentage: '25',
      ...(paying === 'due_today' ? { due_date: today } : { due_days_before: 90 }),
    });
    await work.run(createInstallment, {
      bookingId: booking.id,
      label: 'Balance',
      remainder: true,
      due_days_before: 14,
    });
    if (paying === 'unpaid' || paying === 'due_today') continue;
    const { grand_total } = await trx
      .selectFrom('bookings')
      .select('grand_total')
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    const amount = paying === 'full' ? Number(grand_total) : Number(deposit.amount_due);
    const method = paying === 'full' ? 'bank_transfer' : 'card';
    if (amount > 0) await work.run(createPayment, { bookingId: booking.id, amount, method });
  }
}
