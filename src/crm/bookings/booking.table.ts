import type { Generated, Selectable } from 'kysely';

export const BOOKING_STATUSES = ['lead', 'tentative', 'definite', 'closed', 'lost'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_SOURCES = ['inquiry_form', 'api', 'workspace', 'import', 'assistant', 'email'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

/**
 * What a booking's line items and payments add up to (SPEC §12), in minor units of its currency:
 * kept with it, brought up to date in the unit of work of each write of its lines
 * (src/crm/pricing/booking-totals.ts).
 */
export interface BookingPrices {
  subtotal: Generated<number>;
  service_charge_total: Generated<number>;
  tax_total: Generated<number>;
  grand_total: Generated<number>;
  paid_total: Generated<number>;
  /** JSON object of the lines' amounts by category, in the categories' order. */
  category_totals: Generated<string>;
  line_count: Generated<number>;
}

/** A booking without lines or payments. */
export const NO_PRICES: Readonly<Selectable<BookingPrices>> = {
  subtotal: 0,
  service_charge_total: 0,
  tax_total: 0,
  grand_total: 0,
  paid_total: 0,
  category_totals: '{}',
  line_count: 0,
};

export interface BookingTable extends BookingPrices {
  id: string;
  organization_id: string;
  /** Human-readable and unique within the organization, e.g. BK-00205. */
  reference: string;
  name: string;
  status: BookingStatus;
  start_at: string;
  end_at: string;
  /** IANA time zone of the venue for this event. */
  timezone: string;
  guest_count: number | null;
  event_type: string | null;
  /**
   * JSON array of the ids of the spaces it holds, in the order given (booking_spaces is the
   * index). Their names (the API's room_names) are read from the spaces (src/crm/spaces/space-names.ts).
   */
  space_ids: Generated<string>;
  /** ISO 4217 code. */
  currency: string;
  /** Minor units of `currency`: the typed estimate (the grand total once it has lines). */
  total_amount: number;
  /** The least it must spend on food and beverage, in minor units (0: none). */
  fnb_minimum: Generated<number>;
  lost_reason: string | null;
  account_id: string | null;
  contact_id: string | null;
  owner_id: string | null;
  /** Where it is in the organization's sales pipeline (SPEC §15); null: in none (a lost booking). */
  stage_id: string | null;
  /** Where it came from (a referral source of the organization), if known. */
  referral_source_id: string | null;
  /** Where it came from (SPEC §14): inquiry_form, api, workspace, import, assistant, email (a lead made of an e-mail in the Inbox); null: not recorded. */
  source: BookingSource | null;
  /** JSON object of strings: the UTM fields and referrer of an inquiry; null: none. */
  source_details: string | null;
  /** JSON object of the values of the organization's custom fields of bookings, by key (SPEC §19). */
  custom_fields: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** The last booking number an organization gave out (references BK-00001, … never reused). */
export interface BookingReferenceTable {
  organization_id: string;
  last_number: number;
  /** The longest any of the organization's events holds its spaces, setup and teardown included. */
  longest_hold_minutes: Generated<number>;
}

/** A booking row as read. */
export type Booking = Selectable<BookingTable>;

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    bookings: BookingTable;
    booking_references: BookingReferenceTable;
  }
}
