/** What a list may be narrowed, ordered and expanded by: typed per resource (SPEC §5, §7). */
import type { BookingStatus, EmailTemplateKind, ItemCategory, NotableType, TaskStatus } from './types.js';

/** A filter on one field: a value (eq), a list (in), or operators. */
export type FilterValue<T> =
  | T
  | readonly T[]
  | {
      eq?: T;
      not_eq?: T;
      lt?: T;
      lteq?: T;
      gt?: T;
      gteq?: T;
      in?: readonly T[];
      not_in?: readonly T[];
      null?: boolean;
      not_null?: boolean;
    };

export interface ListOptions<Sort extends string, Include extends string> {
  pageSize?: number;
  sort?: Sort | `-${Sort}`;
  include?: readonly Include[];
  created_at?: FilterValue<string>;
  updated_at?: FilterValue<string>;
  /** Overrides the client's organization for this call. */
  organizationId?: string;
}

/** A case-insensitive part of the name, reference or e-mail address (`filter[search]`). */
export interface Searchable {
  search?: string;
}

export interface BookingListOptions
  extends
    ListOptions<
      'created_at' | 'updated_at' | 'start_at' | 'end_at' | 'name' | 'reference',
      'account' | 'contact' | 'owner' | 'spaces' | 'stage' | 'referral_source'
    >,
    Searchable {
  status?: FilterValue<BookingStatus>;
  start_at?: FilterValue<string>;
  end_at?: FilterValue<string>;
  account_id?: FilterValue<string>;
  contact_id?: FilterValue<string>;
  /** `'me'` for the token's user. */
  owner_id?: FilterValue<string>;
  /** Bookings holding this space (an id), or any of these spaces (a list). */
  space_id?: string | readonly string[] | { eq?: string; in?: readonly string[] };
  stage_id?: FilterValue<string>;
  referral_source_id?: FilterValue<string>;
}

export interface EventListOptions extends ListOptions<
  'created_at' | 'updated_at' | 'start_at' | 'end_at',
  'booking' | 'spaces' | 'space' | 'event_type'
> {
  status?: FilterValue<BookingStatus>;
  start_at?: FilterValue<string>;
  end_at?: FilterValue<string>;
  /** YYYY-MM-DD in the event's booking's time zone (eq, lt, lteq, gt, gteq). */
  start_date?: FilterValue<string>;
  end_date?: FilterValue<string>;
  booking_id?: FilterValue<string>;
  /** Events holding this space (an id), or any of these spaces (a list). */
  space_id?: string | readonly string[] | { eq?: string; in?: readonly string[] };
}

export interface AccountListOptions
  extends ListOptions<'created_at' | 'updated_at' | 'name', 'owner'>, Searchable {}

export interface ContactListOptions
  extends ListOptions<'created_at' | 'updated_at' | 'last_name' | 'first_name', 'account'>, Searchable {}

export type SpaceListOptions = ListOptions<'name' | 'created_at' | 'updated_at', never>;

export type EventTypeListOptions = ListOptions<'value' | 'created_at' | 'updated_at', never>;
export type PipelineListOptions = ListOptions<'position' | 'name' | 'created_at' | 'updated_at', never>;

export interface StageListOptions extends ListOptions<
  'position' | 'name' | 'created_at' | 'updated_at',
  'pipeline'
> {
  pipeline_id?: FilterValue<string>;
}

export type ReferralSourceListOptions = ListOptions<'name' | 'created_at' | 'updated_at', never>;

export interface EmailTemplateListOptions extends ListOptions<'name' | 'created_at' | 'updated_at', never> {
  kind?: FilterValue<EmailTemplateKind>;
}

export interface TaskListOptions extends ListOptions<
  'created_at' | 'updated_at',
  'assignee' | 'booking' | 'created_by'
> {
  /** A member's id, or `me` for the caller. */
  assignee_id?: FilterValue<string>;
  /** A booking's id, or `none` for tasks about no booking. */
  booking_id?: FilterValue<string>;
  status?: FilterValue<TaskStatus>;
  /** An ISO-8601 range, e.g. `{ gteq: '2027-03-01T00:00:00Z' }`. */
  due_at?: FilterValue<string>;
  /** A range of days, e.g. `{ gteq: '2027-03-01', lteq: '2027-03-07' }`. */
  due_date?: FilterValue<string>;
  /** Only the open tasks past their due time (or the end of their due day in the venue's zone). */
  overdue?: true;
}

export interface TaxRateListOptions extends ListOptions<'name' | 'created_at' | 'updated_at', never> {
  /** Only the rates offered for new lines (true), or the others (false). */
  active?: boolean | { eq?: boolean };
}

export interface ItemListOptions extends ListOptions<'name' | 'created_at' | 'updated_at', 'tax_rates'> {
  /** Only the items offered for new lines (true), or the others (false). */
  active?: boolean | { eq?: boolean };
  category?: FilterValue<ItemCategory>;
}

export interface LineItemListOptions extends ListOptions<
  'position' | 'created_at' | 'updated_at',
  'booking' | 'event' | 'item' | 'tax_rates'
> {
  booking_id?: FilterValue<string>;
  event_id?: FilterValue<string>;
  category?: FilterValue<ItemCategory>;
}

export interface InstallmentListOptions extends ListOptions<
  'position' | 'due_on' | 'created_at' | 'updated_at',
  'booking'
> {
  booking_id?: FilterValue<string>;
  state?: FilterValue<'scheduled' | 'due' | 'overdue' | 'paid'>;
}

export interface PaymentListOptions extends ListOptions<
  'received_at' | 'created_at' | 'updated_at',
  'booking' | 'installment'
> {
  booking_id?: FilterValue<string>;
  kind?: FilterValue<'payment' | 'refund'>;
  reference?: FilterValue<string>;
}

export interface DocumentListOptions extends ListOptions<
  'created_at' | 'updated_at' | 'version',
  'booking' | 'event'
> {
  booking_id?: FilterValue<string>;
  event_id?: FilterValue<string>;
  kind?: FilterValue<'proposal' | 'beo' | 'invoice'>;
  status?: FilterValue<'draft' | 'sent' | 'signed' | 'issued' | 'void'>;
}

/** `booking_id: 'none'` lists the Inbox. */
export interface MessageListOptions extends ListOptions<'created_at' | 'sent_at', 'booking' | 'contact'> {
  booking_id?: FilterValue<string>;
  contact_id?: FilterValue<string>;
  direction?: FilterValue<'in' | 'out'>;
  created_at?: FilterValue<string>;
}

export interface NoteListOptions extends ListOptions<'created_at' | 'updated_at', 'notable' | 'author'> {
  notable_type?: FilterValue<NotableType>;
  notable_id?: FilterValue<string>;
}
