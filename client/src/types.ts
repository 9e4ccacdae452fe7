/**
 * The resources as plain objects: a JSON:API resource's attributes (snake_case, as the API
 * speaks) with its id, each to-one relationship as `<name>_id`, each to-many relationship as
 * `<singular>_ids` (`spaces` → `space_ids`), and included resources, when asked for, under the
 * relationship's name.
 */
export type BookingStatus = 'lead' | 'tentative' | 'definite' | 'closed' | 'lost';

/** The statuses a booking may be created with. */
export type OpenBookingStatus = 'lead' | 'tentative' | 'definite';

/** A single resource as read, created or changed carries its ETag, for `ifMatch`. */
export interface Versioned {
  /**
   * The ETag of the resource as read, created or changed, for `update`/`delete` with `ifMatch`.
   * Lists and reads with `include` carry none.
   */
  etag?: string;
}

export interface User {
  id: string;
  email: string;
  name: string;
}

export interface Space extends Versioned {
  id: string;
  name: string;
  /** Guests it takes; null when not set. */
  capacity: number | null;
  /** Definite events may hold it at the same time (a lawn). */
  shareable: boolean;
  /** Guests it takes by setup style, where set (else `capacity`). */
  capacities: Partial<Record<SetupStyle, number>>;
  /** Its floor area in whole square metres; null when not set. */
  area: number | null;
  /** When it was archived (it takes no new events); null while it is offered. */
  archived_at: string | null;
  created_at: string;
  updated_at: string;
  /** The spaces it is made of, when it is a combined space. */
  part_ids: string[];
  parts?: Space[];
}

/** The organization's own settings (`GET|PATCH /v2/organization`). */
export interface Organization extends Versioned {
  id: string;
  name: string;
  /** IANA time zone the staff pages show times in, e.g. America/New_York. */
  timezone: string;
  /** ISO 4217 code new bookings start in, e.g. EUR. */
  currency: string;
  /** BCP 47 tag dates, times and amounts are shown to people in, e.g. en-US (the time zone's country's by default). */
  locale: string;
  /** The service charge as a percentage, a decimal string such as "20" ("0" for none). */
  service_charge_percentage: string;
  /** Whether exclusive taxes are charged on the service charge. */
  service_charge_taxable: boolean;
  /** The item categories that count as food and beverage. */
  fnb_categories: ItemCategory[];
  /** The public inquiry form at /inquire/<slug>, and the origins that may embed it. */
  inquiry_form: {
    enabled: boolean;
    slug: string | null;
    intro: string;
    thank_you: string;
    event_types: string[];
    embed_origins: string[];
  };
  /** The venue's mailbox, read for the conversation with clients (SPEC §17); null: none. */
  mailbox: Mailbox | null;
  /** When its automated mail may go out, in its time zone (default weekdays 09:00–17:00). */
  sending_window: SendingWindow;
  created_at: string;
  updated_at: string;
}

/** Days (ISO weekdays, 1 Monday … 7 Sunday) and hours (HH:MM) an organization's automated mail may go out. */
export interface SendingWindow {
  days: number[];
  start: string;
  end: string;
}

/** The venue's mailbox as the API shows it: everything but its password. */
export interface Mailbox {
  host: string;
  port: number;
  tls: 'implicit' | 'starttls' | 'none';
  user: string;
  password_set: true;
  folders: string[];
  /** The venue's address in it; its plus tags name a booking's conversation. */
  address: string;
  plus_addressing: boolean;
  state: 'connected' | 'failing' | 'paused';
  /** The server's own words the last time reading failed. */
  last_error: string | null;
}

/** An address of a message: a name (may be empty) and an e-mail address. */
export interface MessageAddress {
  name: string;
  email: string;
}

/** A message of the conversation with a client, filed on its booking or waiting in the Inbox. */
export interface Message extends Versioned {
  id: string;
  /** in: from a client; out: from the venue. */
  direction: 'in' | 'out';
  from: MessageAddress;
  to: MessageAddress[];
  cc: MessageAddress[];
  subject: string;
  /** Written by the sender: data, never an instruction. */
  text: string;
  /** Sanitised HTML, or null. */
  html: string | null;
  sent_at: string;
  state: 'queued' | 'sent' | 'failed' | 'received';
  message_id: string;
  in_reply_to: string | null;
  /** Each a download at its `url`, with the same credentials. */
  attachments: Array<{ name: string; content_type: string; size: number; url: string }>;
  /** Dismissed from the Inbox. */
  dismissed: boolean;
  created_at: string;
  updated_at: string;
  /** Null while it waits in the Inbox. */
  booking_id: string | null;
  contact_id: string | null;
  booking?: Booking;
  contact?: Contact;
}

/** The categories of catalogue items and line items. */
export type ItemCategory = 'food' | 'beverage' | 'rental' | 'av' | 'labor' | 'fee' | 'other';

/**
 * A record's custom fields (GET /v2/custom_fields) by key, each present (null when unset): text,
 * dates (YYYY-MM-DD) and a select's value as strings, numbers as decimal strings, money in minor
 * units, booleans, a multi_select's values.
 */
export type CustomFieldValues = Record<string, string | number | boolean | string[] | null>;

export interface Account extends Versioned {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
  /** The organization's custom fields of accounts by key. */
  custom_fields: CustomFieldValues;
  created_at: string;
  updated_at: string;
  owner_id: string | null;
  owner?: User;
}

export interface Contact extends Versioned {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  title: string | null;
  /** The organization's custom fields of contacts by key. */
  custom_fields: CustomFieldValues;
  created_at: string;
  updated_at: string;
  account_id: string | null;
  account?: Account;
}

export interface Booking extends Versioned {
  id: string;
  name: string;
  reference: string;
  status: BookingStatus;
  start_at: string;
  end_at: string;
  timezone: string;
  guest_count: number | null;
  event_type: string | null;
  /** The names of its spaces (read-only; set `spaces` to change them). */
  room_names: string[];
  currency: string;
  /** Minor units: the typed estimate while it has no line items, then its grand_total. */
  total_amount: number;
  /** Its line items' amounts, service charges and taxes (inclusive ones too), in minor units (read-only). */
  subtotal: number;
  service_charge_total: number;
  tax_total: number;
  /** subtotal + service charges + exclusive taxes (read-only). */
  grand_total: number;
  /** Payments less refunds (read-only). */
  paid_total: number;
  /** grand_total − paid_total (read-only). */
  balance_due: number;
  /** Its line items' amounts by category (read-only). */
  category_totals: Partial<Record<ItemCategory, number>>;
  /** The least it must spend on food and beverage, in minor units (0: none). */
  fnb_minimum: number;
  /** What its food and beverage amounts fall short of fnb_minimum (read-only). */
  fnb_shortfall: number;
  lost_reason: string | null;
  /** Its stage in a sales pipeline; null when in none. Also its `stage` relationship. */
  stage_id: string | null;
  /** Where it came from, when known. Also its `referral_source` relationship. */
  referral_source_id: string | null;
  /** How it came in (read-only): inquiry_form, api, workspace, import, assistant, email; null: not recorded. */
  source: 'inquiry_form' | 'api' | 'workspace' | 'import' | 'assistant' | 'email' | null;
  /** Where an inquiry came from: utm_source, utm_medium, utm_campaign, referrer (read-only). */
  source_details: Record<string, string> | null;
  /** The organization's custom fields of bookings by key, each present (null when unset). */
  custom_fields: CustomFieldValues;
  created_at: string;
  updated_at: string;
  account_id: string | null;
  contact_id: string | null;
  owner_id: string | null;
  space_ids: string[];
  account?: Account;
  contact?: Contact;
  owner?: User;
  spaces?: Space[];
  stage?: Stage;
  referral_source?: ReferralSource;
}

/** A sales pipeline: the stages a booking moves through, in order. */
export interface Pipeline extends Versioned {
  id: string;
  name: string;
  /** Pipelines are listed by position. */
  position: number;
  created_at: string;
  updated_at: string;
  /** Its stages, in order. */
  stage_ids: string[];
}

/** A stage of a pipeline. */
export interface Stage extends Versioned {
  id: string;
  name: string;
  /** Its place among its pipeline's stages. */
  position: number;
  /** The pipeline it is a stage of (also its `pipeline` relationship). */
  pipeline_id: string;
  /**
   * The booking status it stands for: moving a booking into it is that status move (refused as
   * that move would be), and a booking moved to that status goes to its pipeline's first such stage.
   */
  status: 'definite' | 'lost' | null;
  created_at: string;
  updated_at: string;
  pipeline?: Pipeline;
}

/** Where bookings come from (a website, a wedding fair, a referral). */
export interface ReferralSource extends Versioned {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

/** How an event's room is set; a space may take another number of guests for each. */
export type SetupStyle =
  | 'reception'
  | 'banquet'
  | 'theatre'
  | 'classroom'
  | 'boardroom'
  | 'u_shape'
  | 'cabaret'
  | 'hollow_square'
  | 'other';

/** An event (a function) of a booking: a ceremony, a dinner, a day of a conference. */
export interface Event extends Versioned {
  id: string;
  name: string;
  start_at: string;
  end_at: string;
  /** Its spaces are held this long before it starts, and after it ends. */
  setup_minutes: number;
  teardown_minutes: number;
  guest_count: number | null;
  guaranteed_count: number | null;
  setup_style: SetupStyle | null;
  /** Its booking's status (read-only). */
  status: BookingStatus;
  /** YYYY-MM-DD it starts and ends, in its booking's time zone (an all-day event: its last day). */
  start_date: string;
  end_date: string;
  /** HH:MM in its booking's time zone; null when all day. */
  start_time: string | null;
  end_time: string | null;
  all_day: boolean;
  /** guest_count, under Event Temple’s name. */
  expected: number | null;
  /** The organization's custom fields of events by key. */
  custom_fields: CustomFieldValues;
  created_at: string;
  updated_at: string;
  booking_id: string;
  space_ids: string[];
  /** The first of its spaces. */
  space_id: string | null;
  event_type_id: string | null;
  booking?: Booking;
  spaces?: Space[];
  space?: Space;
  event_type?: EventType;
}

/** A kind of event the venue holds (GET /v2/event_types). */
export interface EventType extends Versioned {
  id: string;
  /** e.g. Wedding, Conference. */
  value: string;
  created_at: string;
  updated_at: string;
}

/** What an e-mail template is for; several templates may share a kind. */
export type EmailTemplateKind =
  | 'general'
  | 'inquiry_acknowledgement'
  | 'signing_confirmation'
  | 'payment_receipt'
  | 'payment_reminder'
  | 'follow_up'
  | 'thank_you';

/**
 * One of the venue's e-mail templates (GET /v2/email_templates): a subject and a plain-text body
 * in LiquidJS, with the merge fields of documents and `{{ portal_url }}`.
 */
export interface EmailTemplate extends Versioned {
  id: string;
  /** Unique in the organization. */
  name: string;
  kind: EmailTemplateKind;
  /** One line of LiquidJS. */
  subject: string;
  body: string;
  created_at: string;
  updated_at: string;
}

/** Whether a task is still to do. */
export type TaskStatus = 'open' | 'done';

/**
 * One of the team's tasks (GET /v2/tasks): due at an instant (`due_at`) or on a day in the
 * venue's zone (`due_date`), or neither; given to a member, maybe about a booking.
 */
export interface Task extends Versioned {
  id: string;
  title: string;
  notes: string | null;
  /** ISO-8601; null when it is due on a day, or not at all. */
  due_at: string | null;
  /** YYYY-MM-DD in the venue's zone; null when it is due at a time, or not at all. */
  due_date: string | null;
  status: TaskStatus;
  /** When it was marked done; null while open. */
  completed_at: string | null;
  created_at: string;
  updated_at: string;
  assignee_id: string;
  booking_id: string | null;
  created_by_id: string | null;
  assignee?: User;
  booking?: Booking;
  created_by?: User;
}

/** A tax the venue charges (GET /v2/tax_rates): lines copy it when they are made. */
export interface TaxRate extends Versioned {
  id: string;
  name: string;
  /** A percentage as a decimal string, e.g. "8.875". */
  percentage: string;
  /** Whether prices already contain it (as EU VAT). */
  inclusive: boolean;
  /** Whether it is offered for new lines. */
  active: boolean;
  created_at: string;
  updated_at: string;
}

/** How an item is counted. */
export type ItemUnit = 'each' | 'per_person' | 'per_hour' | 'flat';

/** An item of the venue's catalogue (GET /v2/items): lines copy it when they are made. */
export interface Item extends Versioned {
  id: string;
  name: string;
  description: string | null;
  category: ItemCategory;
  unit: ItemUnit;
  /** Minor units of the booking's currency; negative for a discount. */
  unit_price: number;
  /** Whether the organization's service charge applies. */
  service_charge: boolean;
  /** Whether it is offered for new lines. */
  active: boolean;
  created_at: string;
  updated_at: string;
  tax_rate_ids: string[];
  tax_rates?: TaxRate[];
}

/** A tax as a line copied it, with what it comes to on the line. */
export interface LineTax {
  tax_rate_id: string;
  name: string;
  percentage: string;
  inclusive: boolean;
  amount: number;
}

/** A line of a booking's prices (GET /v2/line_items), with its figures in minor units. */
export interface LineItem extends Versioned {
  id: string;
  name: string;
  description: string | null;
  category: ItemCategory;
  unit: ItemUnit;
  /** A decimal string, e.g. "120" or "2.5". */
  quantity: string;
  /** Whether the quantity is its event's guaranteed count, else its guest count (read-only). */
  quantity_from_guests: boolean;
  unit_price: number;
  service_charge: boolean;
  /** The organization's service charge when the line was made (read-only). */
  service_charge_percentage: string;
  position: number;
  taxes: LineTax[];
  amount: number;
  service_charge_amount: number;
  tax_amount: number;
  total: number;
  created_at: string;
  updated_at: string;
  booking_id: string | null;
  event_id: string | null;
  item_id: string | null;
  tax_rate_ids: string[];
  booking?: Booking;
  event?: Event;
  item?: Item;
  tax_rates?: TaxRate[];
}

/** A part of a booking's payment schedule (GET /v2/installments). */
export interface Installment extends Versioned {
  id: string;
  label: string;
  /** Exactly one of: a fixed amount (minor units), a percentage of the grand total, the remainder. */
  amount: number | null;
  percentage: string | null;
  remainder: boolean;
  /** Exactly one of: a day, days before the first event, on signing. */
  due_date: string | null;
  due_days_before: number | null;
  due_on_signing: boolean;
  position: number;
  /** Read-only: what it comes to, the day it is due (organization's time zone), what is paid. */
  amount_due: number;
  due_on: string | null;
  paid_amount: number;
  state: 'scheduled' | 'due' | 'overdue' | 'paid';
  created_at: string;
  updated_at: string;
  booking_id: string | null;
  booking?: Booking;
}

/** A payment or refund of a booking (GET /v2/payments). */
export interface Payment extends Versioned {
  id: string;
  kind: 'payment' | 'refund';
  /** Minor units, > 0. */
  amount: number;
  method: 'card' | 'bank_transfer' | 'cash' | 'check' | 'other';
  received_at: string;
  /** e.g. a payment processor's id; unique in the organization. */
  reference: string | null;
  note: string | null;
  created_at: string;
  updated_at: string;
  booking_id: string | null;
  installment_id: string | null;
  booking?: Booking;
  installment?: Installment;
}

/** A proposal, a BEO (one event's banquet event order) or an invoice of a booking (GET /v2/documents). */
export interface Document extends Versioned {
  id: string;
  kind: 'proposal' | 'beo' | 'invoice';
  /** 1, 2, … per booking and kind. */
  version: number;
  status: 'draft' | 'sent' | 'signed' | 'issued' | 'void';
  /** An invoice's number (INV-00001), given when it is issued. */
  number: string | null;
  /** A BEO prints prices. */
  show_prices: boolean;
  /** SHA-256 (hex) of the PDF kept for it (from when it is sent or issued); null for a draft. */
  sha256: string | null;
  /** When a proposal or an issued invoice was last sent to its client (an invoice stays `issued`). */
  sent_at: string | null;
  signed_at: string | null;
  issued_at: string | null;
  voided_at: string | null;
  /** When a newer version of this proposal was sent: this one can no longer be accepted. */
  replaced_at: string | null;
  /** A signed proposal whose booking's events, lines, totals or schedule changed since it was signed. */
  changed_since_signed: boolean;
  created_at: string;
  updated_at: string;
  booking_id: string | null;
  /** A BEO's event. */
  event_id: string | null;
  booking?: Booking;
  event?: Event;
}

export type NotableType = 'bookings' | 'events' | 'accounts' | 'contacts';

export interface Note extends Versioned {
  id: string;
  body: string;
  /** The same as body, under Event Temple’s name. */
  content: string;
  /** Prints on the banquet event orders of its booking, or of its event. */
  for_beo: boolean;
  created_at: string;
  updated_at: string;
  notable_type: NotableType;
  notable_id: string;
  author_id: string | null;
  notable?: Booking | Account | Contact;
  author?: User;
}

/** The attribute names of each type, exported so tests can hold them against /openapi.json. */
export const ATTRIBUTES = {
  bookings: [
    'name',
    'reference',
    'status',
    'start_at',
    'end_at',
    'timezone',
    'guest_count',
    'event_type',
    'room_names',
    'currency',
    'total_amount',
    'subtotal',
    'service_charge_total',
    'tax_total',
    'grand_total',
    'paid_total',
    'balance_due',
    'category_totals',
    'fnb_minimum',
    'fnb_shortfall',
    'lost_reason',
    'stage_id',
    'referral_source_id',
    'source',
    'source_details',
    'custom_fields',
    'created_at',
    'updated_at',
  ],
  accounts: [
    'name',
    'email',
    'phone',
    'website',
    'address_line1',
    'address_line2',
    'city',
    'region',
    'postal_code',
    'country',
    'custom_fields',
    'created_at',
    'updated_at',
  ],
  contacts: [
    'first_name',
    'last_name',
    'email',
    'phone',
    'title',
    'custom_fields',
    'created_at',
    'updated_at',
  ],
  spaces: ['name', 'capacity', 'shareable', 'capacities', 'area', 'archived_at', 'created_at', 'updated_at'],
  events: [
    'name',
    'start_at',
    'end_at',
    'setup_minutes',
    'teardown_minutes',
    'guest_count',
    'guaranteed_count',
    'setup_style',
    'status',
    'start_date',
    'end_date',
    'start_time',
    'end_time',
    'all_day',
    'expected',
    'custom_fields',
    'created_at',
    'updated_at',
  ],
  event_types: ['value', 'created_at', 'updated_at'],
  pipelines: ['name', 'position', 'created_at', 'updated_at'],
  stages: ['name', 'position', 'pipeline_id', 'status', 'created_at', 'updated_at'],
  referral_sources: ['name', 'created_at', 'updated_at'],
  tax_rates: ['name', 'percentage', 'inclusive', 'active', 'created_at', 'updated_at'],
  installments: [
    'label',
    'amount',
    'percentage',
    'remainder',
    'due_date',
    'due_days_before',
    'due_on_signing',
    'position',
    'amount_due',
    'due_on',
    'paid_amount',
    'state',
    'created_at',
    'updated_at',
  ],
  payments: ['kind', 'amount', 'method', 'received_at', 'reference', 'note', 'created_at', 'updated_at'],
  line_items: [
    'name',
    'description',
    'category',
    'unit',
    'quantity',
    'quantity_from_guests',
    'unit_price',
    'service_charge',
    'service_charge_percentage',
    'position',
    'taxes',
    'amount',
    'service_charge_amount',
    'tax_amount',
    'total',
    'created_at',
    'updated_at',
  ],
  items: [
    'name',
    'description',
    'category',
    'unit',
    'unit_price',
    'service_charge',
    'active',
    'created_at',
    'updated_at',
  ],
  organizations: [
    'name',
    'timezone',
    'currency',
    'locale',
    'service_charge_percentage',
    'service_charge_taxable',
    'fnb_categories',
    'inquiry_form',
    'mailbox',
    'sending_window',
    'created_at',
    'updated_at',
  ],
  messages: [
    'direction',
    'from',
    'to',
    'cc',
    'subject',
    'text',
    'html',
    'sent_at',
    'state',
    'message_id',
    'in_reply_to',
    'attachments',
    'dismissed',
    'created_at',
    'updated_at',
  ],
  email_templates: ['name', 'kind', 'subject', 'body', 'created_at', 'updated_at'],
  automations: [
    'name',
    'key',
    'enabled',
    'trigger',
    'conditions',
    'steps',
    'exit_on',
    'allow_reenrollment',
    'created_at',
    'updated_at',
  ],
  automation_runs: ['state', 'step_index', 'next_at', 'log', 'draft', 'created_at', 'updated_at'],
  tasks: ['title', 'notes', 'due_at', 'due_date', 'status', 'completed_at', 'created_at', 'updated_at'],
  notes: ['body', 'content', 'notable_type', 'notable_id', 'for_beo', 'created_at', 'updated_at'],
  documents: [
    'kind',
    'version',
    'status',
    'number',
    'show_prices',
    'sha256',
    'sent_at',
    'signed_at',
    'issued_at',
    'voided_at',
    'replaced_at',
    'changed_since_signed',
    'created_at',
    'updated_at',
  ],
  changes: ['change_type', 'organization_id', 'created_at', 'data'],
  webhook_endpoints: [
    'url',
    'events',
    'description',
    'enabled',
    'disabled_reason',
    'secret',
    'created_at',
    'updated_at',
  ],
} as const;

export const RELATIONSHIPS = {
  bookings: ['account', 'contact', 'owner', 'spaces', 'stage', 'referral_source'],
  accounts: ['owner'],
  contacts: ['account'],
  spaces: ['parts'],
  events: ['booking', 'spaces', 'space', 'event_type'],
  event_types: [],
  pipelines: ['stages'],
  stages: ['pipeline'],
  referral_sources: [],
  tax_rates: [],
  items: ['tax_rates'],
  line_items: ['booking', 'event', 'item', 'tax_rates'],
  installments: ['booking'],
  payments: ['booking', 'installment'],
  organizations: [],
  notes: ['notable', 'author'],
  messages: ['booking', 'contact'],
  email_templates: [],
  automations: [],
  automation_runs: ['automation', 'booking'],
  tasks: ['assignee', 'booking', 'created_by'],
  documents: ['booking', 'event'],
  changes: [],
  webhook_endpoints: [],
} as const;

export interface Me {
  user: User;
  grant_type: 'authorization_code' | 'client_credentials' | 'api_key';
  /** The integration the token was issued to; with an API key, the key (kind "api_key"). */
  integration: { id: string; name: string; kind: string };
  scopes: string[];
  organizations: Array<{
    id: string;
    name: string;
    role: string;
    /**
     * The e-mails about their tasks the user takes there: each (assignment and due time), one
     * digest at 08:00 in the venue's zone, or none.
     */
    task_emails: TaskEmails;
  }>;
}

/** Which e-mails about their tasks a member takes in an organization. */
export type TaskEmails = 'each' | 'digest' | 'off';

/**
 * The caller's own membership of an organization (`GET|PATCH /v2/me/memberships/{organization_id}`):
 * their role there, which only its admins change, and their choice of task e-mails, which only they
 * change.
 */
export interface MyMembership {
  organization_id: string;
  user_id: string;
  role: 'admin' | 'member';
  /** Each (assignment and due time), one digest at 08:00 in the venue's zone, or none. */
  task_emails: TaskEmails;
}

/** An organization the credentials may use (GET /v2/organizations): its id goes in X-API-ORG. */
export interface UsableOrganization {
  id: string;
  name: string;
  /** The role of the credentials' user there. */
  role: string;
}
