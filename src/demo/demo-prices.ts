/**
 * The demo venue's prices (SPEC §12), written through the same commands as the API: a sales tax
 * and a 20% service charge that is taxed, a catalogue of menus, bars, rentals and services, and
 * the upcoming definite and tentative bookings priced from it (a dinner by its guests, a bar, the
 * ceremony setup, the AV of a plenary, a coordinator's hours for a wedding). Definite bookings get
 * a schedule (a 25% deposit three months before, the rest two weeks before): those of the coming
 * week are paid in full, the others their deposit.
 */
import type { Trx } from '../db/database.js';
import { createInstallment } from '../crm/payments/installments.js';
import { createPayment } from '../crm/payments/payments.js';
import { createItem, type ItemInput } from '../crm/pricing/items.js';
import { createLineItem } from '../crm/pricing/line-items.js';
import { createTaxRate } from '../crm/pricing/tax-rates.js';
import type { Work } from '../writes/unit-of-work.js';
import type { DemoBooking } from './demo-bookings.js';

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

/** The most bookings priced, so that seeding stays quick. */
const PRICED_BOOKINGS = 40;

export async function priceDemoBookings(
  trx: Trx,
  organizationId: string,
  adminId: string,
  bookings: readonly DemoBooking[],
  now: number,
): Promise<void> {
  await trx
    .updateTable('organizations')
    .set({ service_charge_percentage: '20', service_charge_taxable: 1 })
    .where('id', '=', organizationId)
    .execute();
  const work: Work = {
    trx,
    actor: { organizationId, userId: adminId, role: 'admin', door: 'system' },
    now,
    afterCommit: [],
  };
  const tax = await createTaxRate.run(work, { name: 'NY sales tax', percentage: '8.875' });
  const items = new Map<Priced, string>();
  for (const [key, item] of Object.entries(CATALOGUE) as Array<[Priced, ItemInput]>) {
    const made = await createItem.run(work, { ...item, tax_rate_ids: [tax.id] });
    items.set(key, made.id);
  }
  const upcoming = bookings
    .filter((b) => (b.status === 'definite' || b.status === 'tentative') && Date.parse(b.start_at) > now)
    .sort((a, b) => (a.start_at < b.start_at ? -1 : 1))
    .slice(0, PRICED_BOOKINGS);
  for (const booking of upcoming) {
    for (const event of booking.events) {
      const item = itemFor(event.name);
      if (item)
        await createLineItem.run(work, { bookingId: booking.id, eventId: event.id, itemId: items.get(item) });
    }
    if (booking.event_type === 'Wedding') {
      await createLineItem.run(work, {
        bookingId: booking.id,
        itemId: items.get('coordinator'),
        quantity: '6',
      });
    }
    if (booking.status !== 'definite') continue;
    const deposit = await createInstallment.run(work, {
      bookingId: booking.id,
      label: 'Deposit',
      percentage: '25',
      due_days_before: 90,
    });
    await createInstallment.run(work, {
      bookingId: booking.id,
      label: 'Balance',
      remainder: true,
      due_days_before: 14,
    });
    // Bookings of the coming week are paid in full; those further off, their deposit. A balance
    // fell due two weeks before: a booking in between owes it (overdue), as some clients do.
    const soon = Date.parse(booking.start_at) - now < 7 * DAY;
    const { grand_total } = await trx
      .selectFrom('bookings')
      .select('grand_total')
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    const amount = soon ? Number(grand_total) : Number(deposit.amount_due);
    const method = soon ? 'bank_transfer' : 'card';
    if (amount > 0) await createPayment.run(work, { bookingId: booking.id, amount, method });
  }
}
