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
  created_at: string;
  updated_at: string;
}

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
  total_amount: number;
  lost_reason: string | null;
  /** Its stage in a sales pipeline; null when in none. Also its `stage` relationship. */
  stage_id: string | null;
  /** Where it came from, when known. Also its `referral_source` relationship. */
  referral_source_id: string | null;
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

export type NotableType = 'bookings' | 'events' | 'accounts' | 'contacts';

export interface Note extends Versioned {
  id: string;
  body: string;
  /** The same as body, under Event Temple’s name. */
  content: string;
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
    'lost_reason',
    'stage_id',
    'referral_source_id',
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
    'created_at',
    'updated_at',
  ],
  contacts: ['first_name', 'last_name', 'email', 'phone', 'title', 'created_at', 'updated_at'],
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
    'created_at',
    'updated_at',
  ],
  event_types: ['value', 'created_at', 'updated_at'],
  pipelines: ['name', 'position', 'created_at', 'updated_at'],
  stages: ['name', 'position', 'pipeline_id', 'created_at', 'updated_at'],
  referral_sources: ['name', 'created_at', 'updated_at'],
  organizations: ['name', 'timezone', 'currency', 'created_at', 'updated_at'],
  notes: ['body', 'content', 'notable_type', 'notable_id', 'created_at', 'updated_at'],
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
  organizations: [],
  notes: ['notable', 'author'],
  changes: [],
  webhook_endpoints: [],
} as const;

export interface Me {
  user: User;
  grant_type: 'authorization_code' | 'client_credentials' | 'api_key';
  /** The integration the token was issued to; with an API key, the key (kind "api_key"). */
  integration: { id: string; name: string; kind: string };
  scopes: string[];
  organizations: Array<{ id: string; name: string; role: string }>;
}

/** An organization the credentials may use (GET /v2/organizations): its id goes in X-API-ORG. */
export interface UsableOrganization {
  id: string;
  name: string;
  /** The role of the credentials' user there. */
  role: string;
}
