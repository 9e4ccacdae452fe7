/**
 * A row's account, by id when it is one of the organization's, else by its exact name; an event's
 * booking, by id when it is one of the organization's, else by its reference.
 */
import type { EventBulkFacts } from '../crm/events/index.js';
import type { AllFacts } from '../crm/all-facts.js';
import type { BookingInput } from '../crm/bookings/index.js';
import { checkReferralSource } from '../crm/pipelines/index.js';
import type { RowReader } from './cells.js';
import type { CsvRow } from './read-rows.js';

/** A record a row names by its id (`<noun>_id`) or by its name (`<noun>_name`). */
interface Named {
  noun: string;
  idColumn: string;
  nameColumn: string;
  has(id: string): boolean;
  named(name: string): readonly string[];
  /** How one record, and several, are said to match the name: "is named", "are named" by default. */
  matches?: readonly [one: string, several: string];
}

/**
 * The record by its id when it names one of the organization's, else by its name, so an export of
 * another organization (whose ids mean nothing here) imports once those records exist: its id;
 * null when the row names none; undefined when the name found none or several (told on the name's
 * column). An id that names none is passed on for the rules to refuse.
 */
function namedRecord(reader: RowReader, record: Named): string | null | undefined {
  const id = reader.text(record.idColumn);
  const name = reader.text(record.nameColumn);
  if (id !== null && record.has(id)) return id;
  if (name === null) return id;
  const found = record.named(name);
  if (found.length === 1) return found[0]!;
  const [one, several] = record.matches ?? ['is named', 'are named'];
  reader.problem(
    record.nameColumn,
    found.length === 0
      ? `No ${record.noun} of this organization ${one} "${name}".`
      : `${found.length} ${record.noun}s ${several} "${name}"; give its ${record.idColumn} instead.`,
  );
  return undefined;
}

/** The row's account (account_id, else account_name: its exact name). */
export function accountOf(reader: RowReader, facts: AllFacts): string | null | undefined {
  return namedRecord(reader, {
    noun: 'account',
    idColumn: 'account_id',
    nameColumn: 'account_name',
    has: facts.hasAccount,
    named: facts.accountsNamed,
  });
}

/**
 * The row's stage and referral source (stage_id or stage_name, referral_source_id or
 * referral_source_name; names whatever their case): undefined when the file has neither column
 * (a new booking's first stage, or no source), null when the row leaves them empty. A source's
 * name the organization has not yet makes the source.
 */
export function placeOf(reader: RowReader, facts: AllFacts, cells: CsvRow['cells']) {
  const read = (record: Named) =>
    Object.hasOwn(cells, record.idColumn) || Object.hasOwn(cells, record.nameColumn)
      ? namedRecord(reader, record)
      : undefined;
  return {
    stage_id: read({
      noun: 'stage',
      idColumn: 'stage_id',
      nameColumn: 'stage_name',
      has: facts.hasStage,
      named: facts.stagesNamed,
    }),
    ...referralSourceOf(reader, facts, cells),
  };
}

/** The row's referral source; a name the organization has no source for yet makes one (booking-bulk.ts). */
function referralSourceOf(
  reader: RowReader,
  facts: AllFacts,
  cells: CsvRow['cells'],
): Pick<BookingInput, 'referral_source_id' | 'newReferralSource'> {
  if (!Object.hasOwn(cells, 'referral_source_id') && !Object.hasOwn(cells, 'referral_source_name')) return {};
  const id = reader.text('referral_source_id');
  const name = reader.text('referral_source_name', false);
  if (name === null || (id !== null && facts.hasReferralSource(id))) return { referral_source_id: id };
  const found = facts.referralSourcesNamed(name);
  if (found.length === 1) return { referral_source_id: found[0]! };
  if (found.length > 1) {
    reader.problem(
      'referral_source_name',
      `${found.length} referral sources are named "${name}"; give its referral_source_id instead.`,
    );
    return {};
  }
  const problem = checkReferralSource({ name }, undefined, { nameTaken: false }).problems[0];
  if (problem) {
    reader.problem('referral_source_name', problem.detail);
    return {};
  }
  return { referral_source_id: null, newReferralSource: name };
}

/** The row's contact (contact_id, else contact_email: its e-mail address whatever its case). */
export function contactOf(reader: RowReader, facts: AllFacts): string | null | undefined {
  return namedRecord(reader, {
    noun: 'contact',
    idColumn: 'contact_id',
    nameColumn: 'contact_email',
    has: facts.hasContact,
    named: facts.contactsWithEmail,
    matches: ['has the e-mail address', 'have the e-mail address'],
  });
}

/** The row's owner (owner_id, else owner_email: a member's e-mail address whatever its case). */
export function ownerOf(reader: RowReader, facts: AllFacts): string | null | undefined {
  return namedRecord(reader, {
    noun: 'member',
    idColumn: 'owner_id',
    nameColumn: 'owner_email',
    has: facts.isMember,
    named: facts.membersWithEmail,
    matches: ['has the e-mail address', 'have the e-mail address'],
  });
}

/** The column a problem of the row's account is told on: the one that named it. */
export function accountColumn(cells: Readonly<Record<string, string | undefined>>): string {
  return cells.account_name?.trim() && !cells.account_id?.trim() ? 'account_name' : 'account_id';
}

/**
 * An event's booking: by `booking_id` when it names one of the organization's, else by
 * `booking_reference` (BK-00001), so an export whose booking ids mean nothing here imports into
 * an organization whose bookings carry the same references: its id; undefined when the row names
 * none, or the reference found none (told on booking_reference). An id that names none is passed
 * on for the rules to refuse.
 */
export function bookingOf(reader: RowReader, facts: EventBulkFacts): string | undefined {
  const id = reader.text('booking_id');
  const reference = reader.text('booking_reference');
  if (id !== null && facts.booking(id)) return id;
  if (reference === null) return id ?? undefined;
  const found = facts.bookingByReference(reference);
  if (found) return found.id;
  reader.problem('booking_reference', `No booking of this organization has the reference "${reference}".`);
  return undefined;
}

/** The column a problem of the row's booking is told on: the one that named it. */
export function bookingColumn(cells: Readonly<Record<string, string | undefined>>): string {
  return cells.booking_reference?.trim() && !cells.booking_id?.trim() ? 'booking_reference' : 'booking_id';
}

/**
 * The row's spaces: `space_ids` when each names a space of the organization; else, when the row
 * gives its spaces' names (`room_names` of a booking, `space_names` of an event, as an export
 * writes them), the spaces of those names, whatever their case, so an export moves into another
 * organization whose spaces are named alike. Ids that name none are passed on for the rules to refuse.
 */
export function rowSpaces(
  reader: RowReader,
  spaces: ReadonlyMap<string, { id: string; name: string }>,
  namesColumn: 'room_names' | 'space_names',
): string[] {
  const ids = reader.list('space_ids');
  const names = reader.list(namesColumn);
  if (names.length === 0 || (ids.length > 0 && ids.every((id) => spaces.has(id)))) return ids;
  const found = names.map((name) => {
    const key = name.toLowerCase();
    return {
      name,
      ids: [...spaces.values()].filter((s) => s.name.trim().toLowerCase() === key).map((s) => s.id),
    };
  });
  const unknown = found.filter((f) => f.ids.length !== 1);
  if (unknown.length > 0) {
    reader.problem(
      namesColumn,
      unknown
        .map((f) =>
          f.ids.length === 0
            ? `No space of this organization is named "${f.name}".`
            : `${f.ids.length} spaces are named "${f.name}"; give their space_ids instead.`,
        )
        .join(' '),
    );
    return ids;
  }
  return found.map((f) => f.ids[0]!);
}
