/**
 * What creates and updates take: attributes by their names (snake_case, as reads show them) and
 * relationships by theirs, each naming the related resource by its id or by the resource itself
 * (`account: 'ACCOUNT_ID'` or `account: acme`; `spaces: [hallId, terrace]`). `null` clears an
 * optional relationship or attribute; a field left out is left as it is.
 */
import type { BookingStatus, NotableType, OpenBookingStatus, SetupStyle } from './types.js';

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
  /** Minor units of the currency; default 0. */
  total_amount?: number;
  lost_reason?: string | null;
  account: Ref;
  contact?: Ref | null;
  /** A member of the organization; default the token's user. */
  owner?: Ref | null;
  /** The spaces it holds. */
  spaces?: readonly Ref[];
  /** A stage of a pipeline; default the first stage of the first pipeline; null: in none. */
  stage?: Ref | null;
  /** Where it came from. */
  referral_source?: Ref | null;
}

export interface BookingChanges extends Partial<Omit<NewBooking, 'status' | 'start_date' | 'end_date'>> {
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
}

/** Moving a stage to another pipeline puts it after that pipeline's last stage. */
export type StageChanges = Partial<NewStage>;

export interface NewReferralSource {
  /** Unique in the organization. */
  name: string;
}

export type ReferralSourceChanges = Partial<NewReferralSource>;

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
}

export interface NewNote {
  body: string;
  notable: { type: NotableType; id: string };
}

export interface NoteChanges {
  body: string;
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
