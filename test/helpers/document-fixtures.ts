/**
 * A priced booking to make documents of, written through the API as a venue would: a contact
 * and account, spaces, a booking of several events, lines from the catalogue with a tax that is
 * included in the price (VAT) and one that is added (a local levy), a service charge, and a
 * payment schedule with a deposit due on signing.
 */
import assert from 'node:assert/strict';
import {
  type Api,
  accountDocument,
  changeDocument,
  contactDocument,
  created,
  eventDocument,
} from './writes.js';

const ref = (type: string, id: string) => ({ data: { type, id } });

export interface PricedBooking {
  booking: string;
  account: string;
  contact: string;
  events: string[];
  spaces: string[];
  deposit: string;
}

export interface PricedOptions {
  name?: string;
  events?: number;
  linesPerEvent?: number;
  /** The contact's e-mail; null for none. */
  email?: string | null;
  /** The day of the first event (YYYY-MM-DD). */
  day?: string;
  spaces?: string[];
}

/** The venue's spaces and taxes, made once per organization. */
export interface VenueCatalogue {
  spaces: string[];
  vat: string;
  levy: string;
}

const catalogues = new WeakMap<Api, VenueCatalogue>();

async function catalogueOf(admin: Api): Promise<VenueCatalogue> {
  const known = catalogues.get(admin);
  if (known) return known;
  const made: VenueCatalogue = {
    spaces: [
      await created(admin, '/v2/spaces', {
        data: { type: 'spaces', attributes: { name: 'Grand Ballroom', capacity: 300 } },
      }),
      await created(admin, '/v2/spaces', {
        data: { type: 'spaces', attributes: { name: 'Harbour Lawn', capacity: 300 } },
      }),
    ],
    vat: await created(admin, '/v2/tax_rates', {
      data: { type: 'tax_rates', attributes: { name: 'VAT', percentage: '20', inclusive: true } },
    }),
    levy: await created(admin, '/v2/tax_rates', {
      data: { type: 'tax_rates', attributes: { name: 'City levy', percentage: '2', inclusive: false } },
    }),
  };
  catalogues.set(admin, made);
  return made;
}

export async function venueSettings(admin: Api, orgId: string, timezone = 'Europe/London') {
  const answer = await admin('/v2/organization', {
    method: 'PATCH',
    body: changeDocument('organizations', orgId, {
      timezone,
      currency: 'GBP',
      service_charge_percentage: '12.5',
    }),
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
}

export async function pricedBooking(admin: Api, options: PricedOptions = {}): Promise<PricedBooking> {
  const account = await created(
    admin,
    '/v2/accounts',
    accountDocument({
      name: 'Mensah family',
      address_line1: '8 Park Row',
      city: 'Bristol',
      postal_code: 'BS1 5LH',
    }),
  );
  const contact = await created(
    admin,
    '/v2/contacts',
    contactDocument(
      {
        first_name: 'Ama',
        last_name: 'Mensah',
        email: options.email === undefined ? 'ama@mensah.example' : options.email,
      },
      account,
    ),
  );
  const catalogue = await catalogueOf(admin);
  const spaces = options.spaces ?? catalogue.spaces;
  const { vat, levy } = catalogue;
  const day = options.day ?? '2027-06-12';
  const count = options.events ?? 2;
  const names = [
    'Ceremony',
    'Wedding breakfast',
    'Evening party',
    'Late buffet',
    'Sunday brunch',
    'Farewell drinks',
  ];
  const booking = await created(admin, '/v2/bookings', {
    data: {
      type: 'bookings',
      attributes: {
        name: options.name ?? 'Mensah wedding',
        status: 'tentative',
        start_at: `${day}T12:00:00Z`,
        end_at: `${day}T13:30:00Z`,
        timezone: 'Europe/London',
        currency: 'GBP',
        guest_count: 120,
      },
      relationships: {
        account: ref('accounts', account),
        contact: ref('contacts', contact),
        spaces: { data: [{ type: 'spaces', id: spaces[0]! }] },
      },
    },
  });
  const first = (await admin<{ data: Array<{ id: string }> }>(`/v2/events?filter[booking_id][eq]=${booking}`))
    .body.data[0]!.id;
  const renamed = await admin(`/v2/events/${first}`, {
    method: 'PATCH',
    body: changeDocument('events', first, {
      name: names[0],
      setup_style: 'theatre',
      setup_minutes: 60,
      teardown_minutes: 30,
      guaranteed_count: 118,
    }),
  });
  assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
  const events = [first];
  for (let i = 1; i < count; i++) {
    const start = Date.parse(`${day}T12:00:00Z`) + i * 3 * 3600_000;
    events.push(
      await created(
        admin,
        '/v2/events',
        eventDocument(
          booking,
          {
            name: names[i % names.length],
            start_at: new Date(start).toISOString(),
            end_at: new Date(start + 2.5 * 3600_000).toISOString(),
            guest_count: 120,
            setup_style: i % 2 ? 'banquet' : 'reception',
          },
          [spaces[i % spaces.length]!],
        ),
      ),
    );
  }
  const perEvent = options.linesPerEvent ?? 2;
  let n = 0;
  for (const event of events) {
    for (let j = 0; j < perEvent; j++, n++) {
      await created(admin, '/v2/line_items', {
        data: {
          type: 'line_items',
          attributes: {
            name: j % 2 === 0 ? `Gold dinner menu ${n + 1}` : `Prosecco reception ${n + 1}`,
            description:
              j % 2 === 0 ? 'Three courses: soup, lamb, lemon tart — the chef’s “signature”' : null,
            category: j % 2 === 0 ? 'food' : 'beverage',
            unit: j % 2 === 0 ? 'per_person' : 'each',
            quantity: j % 2 === 0 ? '118' : '2',
            unit_price: 8500 + n * 100,
            service_charge: true,
          },
          relationships: {
            booking: ref('bookings', booking),
            event: ref('events', event),
            tax_rates: { data: [{ type: 'tax_rates', id: j % 2 === 0 ? vat : levy }] },
          },
        },
      });
    }
  }
  const deposit = await created(admin, '/v2/installments', {
    data: {
      type: 'installments',
      attributes: { label: 'Deposit', percentage: '25', due_on_signing: true },
      relationships: { booking: ref('bookings', booking) },
    },
  });
  await created(admin, '/v2/installments', {
    data: {
      type: 'installments',
      attributes: { label: 'Balance', remainder: true, due_days_before: 14 },
      relationships: { booking: ref('bookings', booking) },
    },
  });
  return { booking, account, contact, events, spaces, deposit };
}

export function documentBody(
  kind: string,
  booking: string,
  extra: { event?: string; show_prices?: boolean } = {},
) {
  return {
    data: {
      type: 'documents',
      attributes: { kind, ...(extra.show_prices === undefined ? {} : { show_prices: extra.show_prices }) },
      relationships: {
        booking: ref('bookings', booking),
        ...(extra.event ? { event: ref('events', extra.event) } : {}),
      },
    },
  };
}
