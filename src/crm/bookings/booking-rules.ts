/**
 * The rules a booking's fields follow (SPEC §7), checked all at once so every bad field is
 * reported: a name; start before end; an IANA time zone; a guest count within the smallest
 * capacity of its spaces; an ISO 4217 currency; a lost_reason when lost; a status reached by an
 * allowed move; an account (required), contact, owner and spaces of the same organization.
 */
import type { Trx } from '../../db/database.js';
import type { Actor } from '../../identity/actor.js';
import { checkedOwner } from '../owners.js';
import { idsInOrganization } from '../records.js';
import { spaceNames } from '../spaces/space.repository.js';
import { isCurrency, isTimeZone, optionalText, Problems, utc } from '../validation.js';
import { smallestCapacity } from './booking.repository.js';
import { transitionProblem } from './booking-status.js';
import type { Booking, BookingStatus } from './booking.table.js';

/** What a create or an update may set; undefined leaves a field as it is. */
export interface BookingInput {
  name?: string | undefined;
  status?: BookingStatus | undefined;
  start_at?: string | undefined;
  end_at?: string | undefined;
  timezone?: string | undefined;
  guest_count?: number | null | undefined;
  event_type?: string | null | undefined;
  currency?: string | undefined;
  total_amount?: number | undefined;
  lost_reason?: string | null | undefined;
  accountId?: string | undefined;
  contactId?: string | null | undefined;
  ownerId?: string | null | undefined;
  spaceIds?: string[] | undefined;
}

export type BookingFields = Omit<
  Booking,
  'id' | 'organization_id' | 'reference' | 'created_at' | 'updated_at'
>;

const DEFAULTS = { status: 'lead', timezone: 'UTC', currency: 'USD', total_amount: 0 } as const;

/** The booking as it will be after `input` is applied to `current` (or to nothing, on create). */
export async function checkedBooking(
  trx: Trx,
  actor: Actor,
  input: BookingInput,
  current: Booking | undefined,
): Promise<BookingFields> {
  const problems = new Problems();
  const name = input.name?.trim() ?? current?.name ?? '';
  if (name === '') problems.attribute('name', 'A booking needs a name.', 'blank');

  const startAt = input.start_at !== undefined ? utc(input.start_at) : (current?.start_at ?? '');
  const endAt = input.end_at !== undefined ? utc(input.end_at) : (current?.end_at ?? '');
  if (!(startAt < endAt)) {
    problems.attribute(
      input.end_at !== undefined ? 'end_at' : 'start_at',
      'A booking must end after it starts.',
    );
  }
  const timezone = input.timezone ?? current?.timezone ?? DEFAULTS.timezone;
  if (!isTimeZone(timezone)) {
    problems.attribute('timezone', `"${timezone}" is not an IANA time zone such as Europe/Berlin or UTC.`);
  }
  const currency = (input.currency ?? current?.currency ?? DEFAULTS.currency).toUpperCase();
  if (!isCurrency(currency))
    problems.attribute('currency', `"${currency}" is not an ISO 4217 currency code such as USD.`);

  const status = input.status ?? current?.status ?? DEFAULTS.status;
  const move = transitionProblem(current?.status, status);
  if (move) problems.attribute('status', move, 'invalid_transition');
  const leavingLost = current?.status === 'lost' && status !== 'lost' && input.lost_reason === undefined;
  const lostReason = leavingLost
    ? null
    : input.lost_reason !== undefined
      ? optionalText(input.lost_reason)
      : (current?.lost_reason ?? null);
  if (status === 'lost' && lostReason === null) {
    problems.attribute('lost_reason', 'A lost booking needs a lost_reason.', 'required');
  }

  const accountId = input.accountId ?? current?.account_id ?? undefined;
  const contactId = input.contactId !== undefined ? input.contactId : (current?.contact_id ?? null);
  const spaceIds = input.spaceIds
    ? [...new Set(input.spaceIds)]
    : current
      ? (JSON.parse(current.space_ids) as string[])
      : [];
  await checkRelated(
    trx,
    actor,
    { accountId, contactId, spaceIds, changedSpaces: input.spaceIds !== undefined },
    problems,
  );
  const owner = await checkedOwner(
    trx,
    actor,
    !current && input.ownerId === undefined ? actor.userId : input.ownerId,
    problems,
  );

  const guestCount = input.guest_count !== undefined ? input.guest_count : (current?.guest_count ?? null);
  const capacity = await smallestCapacity(trx, spaceIds);
  if (guestCount !== null && capacity !== undefined && guestCount > capacity) {
    problems.attribute(
      'guest_count',
      `${guestCount} guests do not fit: the smallest of its spaces takes ${capacity}.`,
      'over_capacity',
    );
  }
  problems.check();
  return {
    name,
    status,
    start_at: startAt,
    end_at: endAt,
    timezone,
    guest_count: guestCount,
    event_type:
      input.event_type !== undefined ? optionalText(input.event_type) : (current?.event_type ?? null),
    room_names: JSON.stringify(await spaceNames(trx, spaceIds)),
    space_ids: JSON.stringify(spaceIds),
    currency,
    total_amount: input.total_amount ?? (current ? Number(current.total_amount) : DEFAULTS.total_amount),
    lost_reason: lostReason,
    account_id: accountId ?? null,
    contact_id: contactId,
    owner_id: owner !== undefined ? owner : (current?.owner_id ?? null),
  };
}

/** Related records must be of the actor's organization; another's is refused like a missing one. */
async function checkRelated(
  trx: Trx,
  actor: Actor,
  related: {
    accountId: string | undefined;
    contactId: string | null;
    spaceIds: string[];
    changedSpaces: boolean;
  },
  problems: Problems,
): Promise<void> {
  const organization = actor.organizationId;
  const { accountId, contactId, spaceIds } = related;
  if (accountId === undefined) problems.relationship('account', 'A booking needs an account.', 'required');
  else if (!(await idsInOrganization(trx, 'accounts', organization, [accountId])).has(accountId)) {
    problems.relationship(
      'account',
      `No account with the id "${accountId}" exists in this organization.`,
      'not_found',
    );
  }
  if (
    contactId !== null &&
    !(await idsInOrganization(trx, 'contacts', organization, [contactId])).has(contactId)
  ) {
    problems.relationship(
      'contact',
      `No contact with the id "${contactId}" exists in this organization.`,
      'not_found',
    );
  }
  if (related.changedSpaces) {
    const found = await idsInOrganization(trx, 'spaces', organization, spaceIds);
    const missing = spaceIds.filter((id) => !found.has(id));
    if (missing.length > 0) {
      problems.relationship(
        'spaces',
        `No space with the id "${missing[0]}" exists in this organization.`,
        'not_found',
      );
    }
  }
}
