/**
 * The resources as plain objects: a JSON:API resource's attributes (snake_case, as the API
 * speaks) with its id, each to-one relationship as `<name>_id`, and included resources, when
 * asked for, under the relationship's name.
 */
export type BookingStatus = 'lead' | 'tentative' | 'definite' | 'closed' | 'lost';

export interface User {
  id: string;
  email: string;
  name: string;
}

export interface Account {
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

export interface Contact {
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

export interface Booking {
  id: string;
  name: string;
  reference: string;
  status: BookingStatus;
  start_at: string;
  end_at: string;
  timezone: string;
  guest_count: number | null;
  event_type: string | null;
  room_names: string[];
  currency: string;
  total_amount: number;
  lost_reason: string | null;
  created_at: string;
  updated_at: string;
  account_id: string | null;
  contact_id: string | null;
  owner_id: string | null;
  account?: Account;
  contact?: Contact;
  owner?: User;
}

export type NotableType = 'bookings' | 'accounts' | 'contacts';

export interface Note {
  id: string;
  body: string;
  created_at: string;
  updated_at: string;
  notable_type: NotableType;
  notable_id: string;
  author_id: string | null;
  notable?: Booking | Account | Contact;
  author?: User;
  /** The ETag of the note as read, for `update`/`delete` with `ifMatch`. */
  etag?: string;
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
  notes: ['body', 'created_at', 'updated_at'],
} as const;

export const RELATIONSHIPS = {
  bookings: ['account', 'contact', 'owner', 'spaces'],
  accounts: ['owner'],
  contacts: ['account'],
  notes: ['notable', 'author'],
} as const;

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

export interface BookingListOptions extends ListOptions<
  'created_at' | 'updated_at' | 'start_at' | 'end_at' | 'name' | 'reference',
  'account' | 'contact' | 'owner'
> {
  status?: FilterValue<BookingStatus>;
  start_at?: FilterValue<string>;
  end_at?: FilterValue<string>;
  account_id?: FilterValue<string>;
  contact_id?: FilterValue<string>;
  /** `'me'` for the token's user. */
  owner_id?: FilterValue<string>;
}

export type AccountListOptions = ListOptions<'created_at' | 'updated_at' | 'name', 'owner'>;
export type ContactListOptions = ListOptions<
  'created_at' | 'updated_at' | 'last_name' | 'first_name',
  'account'
>;

export interface NoteListOptions extends ListOptions<'created_at' | 'updated_at', 'notable' | 'author'> {
  notable_type?: FilterValue<NotableType>;
  notable_id?: FilterValue<string>;
}

export interface Me {
  user: User;
  grant_type: 'authorization_code' | 'client_credentials';
  integration: { id: string; name: string; kind: string };
  scopes: string[];
  organizations: Array<{ id: string; name: string; role: string }>;
}
