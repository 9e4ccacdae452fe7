/**
 * What creates and updates take: attributes by their names (snake_case, as reads show them) and
 * relationships by theirs, each naming the related resource by its id or by the resource itself
 * (`account: 'ACCOUNT_ID'` or `account: acme`; `spaces: [hallId, terrace]`). `null` clears an
 * optional relationship or attribute; a field left out is left as it is.
 */
import type {
  BookingStatus,
  EmailTemplateKind,
  TaskStatus,
  ItemCategory,
  ItemUnit,
  NotableType,
  OpenBookingStatus,
  SendingWindow,
  SetupStyle,
} from './types.js';

/** Values of custom fields by key, as reads show them (a number may be a JSON number). */
export type CustomFieldsInput = Readonly<
  Record<string, string | number | boolean | readonly string[] | null>
>;

/** A related resource: its id, or any object with its id (such as one read or created). */
export type Ref = string | { readonly id: string };

/** A date-time as an RFC 3339 string or a Date. */
export type DateTimeInput = string | Date;

export interface NewBooking {
  name: string;
  /** When it starts and ends; or give start_date (and end_date) instead. */
  start_at?: DateTimeInput;
  end_at?: DateTimeInput;
  /** On create, instead of start_at/end_at: its first and last day (YYYY-MM-DD), an all-day first event. */
  start_date?: string;
  end_date?: string;
  /** Default `lead`. */
  status?: OpenBookingStatus;
  /** IANA time zone; default `UTC`. */
  timezone?: string;
  /** At most the smallest capacity of its spaces. */
  guest_count?: number | null;
  event_type?: string | null;
  /** ISO 4217; default `USD`. */
  currency?: string;
  /** Minor units of the currency; default 0. Once it has line items, their grand total. */
  total_amount?: number;
  /** The least it must spend on food and beverage, in minor units; default 0. */
  fnb_minimum?: number;
  lost_reason?: string | null;
  /** Required, unless `contact` is a new contact: then a person account is made for them. */
  account?: Ref;
  /** A contact, or a new one to make (reused when the organization has one with that e-mail). */
  contact?: Ref | NewBookingContact | null;
  /** A member of the organization; default the token's user. */
  owner?: Ref | null;
  /** The spaces it holds. */
  spaces?: readonly Ref[];
  /** A stage of a pipeline; default the first stage of the first pipeline; null: in none. */
  stage?: Ref | null;
  /** Where it came from. */
  referral_source?: Ref | null;
  /** Custom fields (GET /v2/custom_fields) by key: only the keys to change; null clears one. */
  custom_fields?: CustomFieldsInput;
}

/** A booking's new contact, made with it (Event Temple's embedded contact). */
export interface NewBookingContact {
  first_name?: string;
  last_name?: string;
  email?: string | null;
  phone_number?: string | null;
}

export interface BookingChanges extends Partial<
  Omit<NewBooking, 'status' | 'start_date' | 'end_date' | 'contact'>
> {
  /** Another contact of the organization, or null for none. */
  contact?: Ref | null;
  /** A move the status machine allows (else 422 `invalid_transition`); `lost` needs a `lost_reason`. */
  status?: BookingStatus;
  /** Replaces the whole set of spaces. */
  spaces?: readonly Ref[];
}

export interface NewAccount {
  name: string;
  email?: string | null;
  phone?: string | null;
  website?: string | null;
  address_line1?: string | null;
  address_line2?: string | null;
  city?: string | null;
  region?: string | null;
  postal_code?: string | null;
  /** ISO 3166-1 alpha-2, e.g. `US`. */
  country?: string | null;
  /** A member of the organization; default the token's user. */
  owner?: Ref | null;
  /** Custom fields (GET /v2/custom_fields) by key: only the keys to change; null clears one. */
  custom_fields?: CustomFieldsInput;
}

export type AccountChanges = Partial<NewAccount>;

/** A contact needs a first or a last name. */
export interface NewContact {
  first_name?: string;
  last_name?: string;
  email?: string | null;
  phone?: string | null;
  title?: string | null;
  account?: Ref | null;
  /** Custom fields (GET /v2/custom_fields) by key: only the keys to change; null clears one. */
  custom_fields?: CustomFieldsInput;
}

export type ContactChanges = Partial<NewContact>;

export interface NewSpace {
  /** Unique in the organization. */
  name: string;
  /** Guests it takes; null for no limit. */
  capacity?: number | null;
  /** Definite events may hold it at the same time (a lawn); default false. */
  shareable?: boolean;
  /** Guests it takes by setup style, e.g. `{ banquet: 180, theatre: 300 }`. */
  capacities?: Partial<Record<SetupStyle, number>>;
  /** Its floor area in whole square metres. */
  area?: number | null;
  /** When it was archived (RFC 3339): it takes no new events then; null brings it back. */
  archived_at?: string | null;
  /** The spaces it is made of (a combined space); parts have no parts of their own. */
  parts?: readonly Ref[];
}

export type SpaceChanges = Partial<NewSpace>;

/** When an event happens: as instants, or on a wall clock in its booking's time zone (Event Temple’s names). */
export type EventTimes =
  | {
      start_at: DateTimeInput;
      /** After start_at, at most 31 days later. */
      end_at: DateTimeInput;
    }
  | {
      /** YYYY-MM-DD. */
      start_date: string;
      /** HH:MM; leave both times out for an all-day event. */
      start_time?: string | null;
      /** YYYY-MM-DD; default start_date (an all-day event: its last day). */
      end_date?: string;
      end_time?: string | null;
      all_day?: boolean;
    };

export type NewEvent = EventTimes & EventFields;

export interface NewPipeline {
  /** Unique in the organization. */
  name: string;
  /** Default after the last pipeline. */
  position?: number;
}

export type PipelineChanges = Partial<NewPipeline>;

export interface NewStage {
  /** Unique in its pipeline. */
  name: string;
  pipeline: Ref;
  /** Default after the last stage of its pipeline. */
  position?: number;
  /** The booking status it stands for; default none. */
  status?: 'definite' | 'lost' | null;
}

/** Moving a stage to another pipeline puts it after that pipeline's last stage. */
export type StageChanges = Partial<NewStage>;

export interface NewReferralSource {
  /** Unique in the organization. */
  name: string;
}

export type ReferralSourceChanges = Partial<NewReferralSource>;

/**
 * An e-mail template (organization admins): a subject and body that do not parse, or name a merge
 * field that does not exist, are refused with 422 `template_error` naming the line.
 */
export interface NewEmailTemplate {
  /** Unique in the organization. */
  name: string;
  /** Default `general`. */
  kind?: EmailTemplateKind;
  /** One line of LiquidJS, e.g. `Your proposal for {{ booking.name }}`. */
  subject: string;
  /** Plain text in LiquidJS with the merge fields of documents and `{{ portal_url }}`. */
  body: string;
}

export type EmailTemplateChanges = Partial<NewEmailTemplate>;

/**
 * A task: a title, and a due time (`due_at`) or a due day (`due_date`, in the venue's zone), not
 * both. The assignee (default: the caller) is e-mailed when someone else gives it to them.
 */
export interface NewTask {
  title: string;
  notes?: string | null;
  due_at?: string | Date | null;
  /** YYYY-MM-DD. */
  due_date?: string | null;
  /** Default `open`; `done` sets completed_at. */
  status?: TaskStatus;
  /** A member: their id, or a user object. */
  assignee?: string | { id: string };
  /** A booking of the organization, or null for none. */
  booking?: string | { id: string } | null;
}

export type TaskChanges = Partial<NewTask>;

/** A tax rate (organization admins): a name unique whatever its case and a percentage. */
export interface NewTaxRate {
  name: string;
  /** From 0 to 100 with at most four decimals, e.g. "8.875". */
  percentage: string;
  /** Prices already contain it (as EU VAT); default false. */
  inclusive?: boolean;
  /** Offered for new lines; default true. */
  active?: boolean;
}

export type TaxRateChanges = Partial<NewTaxRate>;

/** An item of the catalogue (organization admins): a menu, a package, a rental, a fee. */
export interface NewItem {
  name: string;
  description?: string | null;
  category: ItemCategory;
  /** Default each. */
  unit?: ItemUnit;
  /** Minor units of the booking's currency; negative for a discount. */
  unit_price: number;
  /** The organization's service charge applies; default false. */
  service_charge?: boolean;
  /** Offered for new lines; default true. */
  active?: boolean;
  /** The tax rates it carries; replaces the whole set. */
  tax_rates?: readonly Ref[];
}

export type ItemChanges = Partial<NewItem>;

/**
 * A line of a booking's prices. From an item it copies the item's name, description, category,
 * unit, price, service charge and tax rates; what is given wins.
 */
export interface NewLineItem {
  booking: Ref;
  /** One of its booking's events, or none. */
  event?: Ref | null;
  item?: Ref;
  name?: string;
  description?: string | null;
  category?: ItemCategory;
  unit?: ItemUnit;
  /** A decimal > 0 with at most three decimals; left out on a per-person line: its event's guests. */
  quantity?: string | null;
  /** Minor units; negative for a discount. */
  unit_price?: number;
  service_charge?: boolean;
  position?: number;
  tax_rates?: readonly Ref[];
}

/** An installment: exactly one of amount, percentage or remainder; exactly one way it falls due. */
export interface NewInstallment {
  booking: Ref;
  label: string;
  amount?: number | null;
  /** A percentage of the grand total, e.g. "50". */
  percentage?: string | null;
  remainder?: boolean;
  /** YYYY-MM-DD. */
  due_date?: string | null;
  due_days_before?: number | null;
  due_on_signing?: boolean;
  position?: number;
}

export type InstallmentChanges = Partial<Omit<NewInstallment, 'booking'>>;

/** A payment or refund; naming no installment, it pays the unpaid ones in the order they fall due, those due on signing first. */
export interface NewPayment {
  booking: Ref;
  installment?: Ref | null;
  /** Default payment. */
  kind?: 'payment' | 'refund';
  /** Minor units, > 0. */
  amount: number;
  /** Default other. */
  method?: 'card' | 'bank_transfer' | 'cash' | 'check' | 'other';
  /** Default now. */
  received_at?: string | Date;
  /** Unique in the organization: a second payment with it is a ConflictError duplicate_reference. */
  reference?: string | null;
  note?: string | null;
}

export type LineItemChanges = Partial<Omit<NewLineItem, 'booking' | 'item'>>;

interface EventFields {
  /** e.g. Ceremony, Dinner. */
  name: string;
  /** 0–1440; default 0. */
  setup_minutes?: number;
  teardown_minutes?: number;
  /** Must fit each of its spaces for its setup style. */
  guest_count?: number | null;
  guaranteed_count?: number | null;
  setup_style?: SetupStyle | null;
  /** guest_count, under Event Temple’s name. */
  expected?: number | null;
  /** The booking it belongs to (fixed after). */
  booking: Ref;
  spaces?: readonly Ref[];
  /** One of /v2/event_types; default its booking's. */
  event_type?: Ref | null;
  /** Custom fields (GET /v2/custom_fields) by key: only the keys to change; null clears one. */
  custom_fields?: CustomFieldsInput;
}

export type EventChanges = Partial<
  Omit<EventFields, 'booking'> & {
    start_at: DateTimeInput;
    end_at: DateTimeInput;
    start_date: string;
    start_time: string | null;
    end_date: string;
    end_time: string | null;
    all_day: boolean;
  }
>;

export interface NewEventType {
  /** Unique in the organization whatever its case. */
  value: string;
}

export type EventTypeChanges = Partial<NewEventType>;

/** What an organization's admins may change (`PATCH /v2/organization`). */
export interface OrganizationChanges {
  name?: string;
  /** IANA time zone, e.g. America/New_York. */
  timezone?: string;
  /** ISO 4217, e.g. EUR. */
  currency?: string;
  /** BCP 47, e.g. en-US, en-GB, de-DE. */
  locale?: string;
  /** From 0 to 100 with at most four decimals, e.g. "20" or "8.875". */
  service_charge_percentage?: string;
  service_charge_taxable?: boolean;
  /** The item categories that count as food and beverage. */
  fnb_categories?: readonly ItemCategory[];
  /**
   * When its automated mail may go out: distinct ISO weekdays (1 Monday … 7 Sunday), start before
   * end; null goes back to the default (weekdays 09:00–17:00 in the organization's time zone).
   */
  sending_window?: SendingWindow | null;
}

export interface NewNote {
  body: string;
  notable: { type: NotableType; id: string };
  /** Print it on the BEOs of its booking or event (notes about a booking or an event); default false. */
  for_beo?: boolean;
}

export interface NoteChanges {
  body?: string;
  for_beo?: boolean;
}

/** A new version of a booking's proposal, BEO or invoice, made from the booking as it is now. */
export interface NewDocument {
  kind: 'proposal' | 'beo' | 'invoice';
  booking: Ref;
  /** A BEO's event (BEOs only). */
  event?: Ref | null;
  /** A BEO prints prices (BEOs only; default false). */
  show_prices?: boolean;
}

export interface CreateOptions {
  /** Sent as Idempotency-Key; a new random key when not given. Reuse it to retry a create yourself. */
  idempotencyKey?: string;
  /** Overrides the client's organization for this call. */
  organizationId?: string;
}

export interface ChangeOptions {
  /** The ETag the change is based on (from get, create or update); a 412 when it changed since. */
  ifMatch?: string;
  /** Overrides the client's organization for this call. */
  organizationId?: string;
}
