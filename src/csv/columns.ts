/**
 * The CSV shape of each kind of record (SPEC §10, §11): the header names the API's attributes
 * (snake_case, as in the JSON:API resources), relationships by id (`account_id`, `contact_id`,
 * `owner_id`, `booking_id`, `space_ids` separated by `;`), accounts, stages and referral sources
 * also by name (`account_name`, `stage_name`, `referral_source_name`) and an event's booking also
 * by its reference (`booking_reference`, e.g. BK-00001). An export
 * writes every column below; an import takes the writable ones, and accepts the read-only ones
 * (ids, references, timestamps: the server assigns them; an amount formatted beside its minor
 * units, formatted-amounts.ts) so that an export imports unchanged.
 */
import { ACCOUNT_FIELDS } from '../crm/accounts/index.js';
import { BOOKING_FIELDS, type Fields } from '../crm/bookings/index.js';
import { CONTACT_FIELDS } from '../crm/contacts/index.js';
import { besideAmounts } from '../crm/formatted-amounts.js';

export const CSV_TYPES = ['accounts', 'contacts', 'bookings', 'events'] as const;
export type CsvType = (typeof CSV_TYPES)[number];

export interface CsvShape {
  /** Every column, in the order an export writes them. */
  columns: readonly string[];
  /** Columns an import reads; the rest of `columns` are accepted and ignored. */
  writable: readonly string[];
  /** Each entry: the header must name at least one of these columns. */
  required: ReadonlyArray<readonly string[]>;
  /** Columns of minor units, each followed in `columns` by its formatted amount. */
  amounts: readonly string[];
  /** Names an import still reads as another column (an older file's header): name → column. */
  aliases?: Readonly<Record<string, string>>;
}

const TIMESTAMPS = ['created_at', 'updated_at'] as const;

/** What an import reads beside a relationship's id: the record by its name (references.ts). */
const NAMED_BY: Readonly<Record<string, readonly string[]>> = {
  account_id: ['account_name'],
  contact_id: ['contact_email'],
  owner_id: ['owner_email'],
  stage_id: ['stage_name'],
  referral_source_id: ['referral_source_name'],
};

/**
 * A kind's CSV shape from its fields (those declared `csv`), in their order: the id and what the
 * server assigns (its reference), then what an import writes (each relationship's id with its
 * record's name beside it, each amount with its formatted amount), what is made of other rows
 * (a booking's room names), and the timestamps. A field declared is a column, with no line here.
 */
export function shapeOf(fields: Fields, required: CsvShape['required']): CsvShape {
  const csv = Object.values(fields).filter((f) => f.csv);
  const stamps = (name: string) => (TIMESTAMPS as readonly string[]).includes(name);
  const writable = csv.filter((f) => f.writable).flatMap((f) => [f.name, ...(NAMED_BY[f.name] ?? [])]);
  const amounts = csv.filter((f) => f.writable && f.type === 'money').map((f) => f.name);
  return {
    columns: [
      'id',
      ...csv.filter((f) => f.stored && !f.writable && !stamps(f.name)).map((f) => f.name),
      ...besideAmounts(writable, amounts),
      ...csv.filter((f) => !f.stored).map((f) => f.name),
      ...csv.filter((f) => stamps(f.name)).map((f) => f.name),
    ],
    writable,
    required,
    amounts,
  };
}

const EVENT_WRITABLE = [
  'booking_id',
  'booking_reference',
  'name',
  'start_at',
  'end_at',
  'setup_minutes',
  'teardown_minutes',
  'guest_count',
  'guaranteed_count',
  'setup_style',
  'space_ids',
  'event_type',
] as const;

export const CSV_SHAPES: Readonly<Record<CsvType, CsvShape>> = {
  accounts: shapeOf(ACCOUNT_FIELDS, [['name']]),
  contacts: shapeOf(CONTACT_FIELDS, [['first_name', 'last_name']]),
  bookings: shapeOf(BOOKING_FIELDS, [['name'], ['start_at'], ['end_at'], ['account_id', 'account_name']]),
  events: {
    // `space_names` shows the spaces' names beside their ids; `status` is its booking's (read-only).
    columns: ['id', ...EVENT_WRITABLE, 'space_names', 'status', ...TIMESTAMPS],
    writable: EVENT_WRITABLE,
    required: [['booking_id', 'booking_reference'], ['name'], ['start_at'], ['end_at']],
    amounts: [],
  },
};

/** A record as CSV cells, by column. */
export type Cells = Record<string, string | number | null>;

/** What `marquee export` writes: what import reads, and a venue's prices and payments (export only). */
export const EXPORT_TYPES = [...CSV_TYPES, 'line_items', 'payments'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

export function isExportType(value: string): value is ExportType {
  return (EXPORT_TYPES as readonly string[]).includes(value);
}

export function isCsvType(value: string): value is CsvType {
  return (CSV_TYPES as readonly string[]).includes(value);
}

/** What separates the ids of `space_ids` (and the names of `room_names`, `space_names`) within one cell. */
export const LIST_SEPARATOR = ';';
