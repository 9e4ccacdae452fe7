/**
 * What the workspace reads of the Inbox and of unread mail (SPEC §17): the messages from clients
 * that wait with no booking (or were dismissed), how many wait, the open bookings a member may
 * file one on, and, per booking, its inbound messages nobody has read yet.
 */
import { sql } from 'kysely';
import { countOf, withAggregates } from '../../db/aggregates.js';
import type { Db } from '../../db/database.js';
import { emailKey } from '../contacts/index.js';
import { versionTag } from '../version-tag.js';
import { type Message, messageCodec } from './message.value.js';

/** How many Inbox messages one page shows, newest first; older ones a page each. */
export const INBOX_PAGE = 50;

/** The most open bookings a message's choice of booking lists besides its sender's. */
const OPEN_BOOKINGS = 200;

const OPEN_STATUSES = ['lead', 'tentative', 'definite'] as const;

/** The version a form about this message carries (its If-Match). */
export function messageVersion(message: Pick<Message, 'id' | 'updatedAt'>): string {
  return versionTag('messages', { id: message.id, updated_at: message.updatedAt });
}

/**
 * The Inbox's condition, in the words of its partial indexes (messages_inbox_idx, and
 * messages_dismissed_idx for the dismissed): a planner uses a partial index only for a query that
 * states its condition, and a bound parameter is not those words.
 */
export const inboxCondition = (dismissed: boolean) =>
  dismissed
    ? sql<boolean>`booking_id is null and direction = 'in' and dismissed = 1`
    : sql<boolean>`booking_id is null and direction = 'in' and dismissed = 0`;

export interface InboxPage {
  /** Newest sent first. */
  messages: Message[];
  /** Whether a further page of older messages exists. */
  older: boolean;
}

/**
 * One page of inbound messages on no booking, waiting or dismissed, newest sent first (by its
 * partial index): the newest INBOX_PAGE, or those after the message `before` names in that order.
 * The cursor is looked up in the whole organization, not only the Inbox, so a page whose last
 * message was filed or dismissed meanwhile still leads on; a cursor that names no message of the
 * organization reads as none (the first page). One row more than a page tells whether another follows.
 */
export async function inboxMessages(
  db: Db,
  organizationId: string,
  view: { dismissed: boolean; before?: string | undefined },
): Promise<InboxPage> {
  const cursor = view.before
    ? await db
        .selectFrom('messages')
        .select(['sent_at', 'id'])
        .where('organization_id', '=', organizationId)
        .where('id', '=', view.before)
        .executeTakeFirst()
    : undefined;
  let query = db
    .selectFrom('messages')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where(inboxCondition(view.dismissed));
  if (cursor) query = query.where(sql<boolean>`(sent_at, id) < (${cursor.sent_at}, ${cursor.id})`);
  const rows = await query
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(INBOX_PAGE + 1)
    .execute();
  return { messages: rows.slice(0, INBOX_PAGE).map(messageCodec.decode), older: rows.length > INBOX_PAGE };
}

/** How many messages from clients wait in the Inbox: the count beside its link (by messages_inbox_idx). */
export async function waitingInInbox(db: Db, organizationId: string): Promise<number> {
  return countOf(
    db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('organization_id', '=', organizationId)
      .where(inboxCondition(false)),
  );
}

export interface OpenBooking {
  id: string;
  reference: string;
  name: string;
  startAt: string;
  /** Its contact's address, matched as contacts are (lower case), or null. */
  contactEmail: string | null;
}

/**
 * The open bookings (lead, tentative, definite) a message may be filed on, soonest first: the
 * latest OPEN_BOOKINGS by their start (a venue's past events that nobody closed are the least
 * likely), and every open booking of the senders named, wherever it falls.
 */
export async function openBookings(
  db: Db,
  organizationId: string,
  senderEmails: readonly string[],
): Promise<OpenBooking[]> {
  const open = db
    .selectFrom('bookings as b')
    .leftJoin('contacts as c', 'c.id', 'b.contact_id')
    .select(['b.id', 'b.reference', 'b.name', 'b.start_at', 'c.email'])
    .where('b.organization_id', '=', organizationId)
    .where('b.status', 'in', OPEN_STATUSES);
  const senders = [...new Set(senderEmails.map(emailKey))];
  const [latest, theirs] = await Promise.all([
    open.orderBy('b.start_at', 'desc').orderBy('b.id', 'desc').limit(OPEN_BOOKINGS).execute(),
    senders.length === 0
      ? []
      : open
          .where((eb) => eb(eb.fn('lower', ['c.email']), 'in', senders))
          .limit(OPEN_BOOKINGS)
          .execute(),
  ]);
  const byId = new Map([...latest, ...theirs].map((r) => [r.id, r]));
  return [...byId.values()]
    .sort((x, y) => x.start_at.localeCompare(y.start_at) || x.id.localeCompare(y.id))
    .map((r) => ({
      id: r.id,
      reference: r.reference,
      name: r.name,
      startAt: r.start_at,
      contactEmail: r.email ? emailKey(r.email) : null,
    }));
}

/** The open bookings whose contact is the sender first, then the others, each in its order. */
export function sendersFirst(
  bookings: readonly OpenBooking[],
  senderEmail: string,
): { senders: OpenBooking[]; others: OpenBooking[] } {
  const key = emailKey(senderEmail);
  return {
    senders: bookings.filter((b) => b.contactEmail === key),
    others: bookings.filter((b) => b.contactEmail !== key),
  };
}

export interface UnreadOfBooking {
  bookingId: string;
  reference: string;
  name: string;
  unread: number;
  /** When the newest unread message came. */
  latestAt: string;
}

/**
 * Each booking with inbound messages nobody has read, newest first: one grouped query over the
 * partial index of unread inbound mail (messages_unread_idx, whose condition the query states in
 * the same words, so SQLite's and PostgreSQL's planners both use it).
 */
export async function unreadByBooking(db: Db, organizationId: string): Promise<UnreadOfBooking[]> {
  const rows = await db
    .selectFrom('messages as m')
    // The organization in the join too: a booking is named only to its own organization.
    .innerJoin('bookings as b', (join) =>
      join.onRef('b.id', '=', 'm.booking_id').onRef('b.organization_id', '=', 'm.organization_id'),
    )
    .select((eb) => [
      'm.booking_id',
      'b.reference',
      'b.name',
      eb.fn.countAll<number | string>().as('unread'),
      eb.fn.max('m.created_at').as('latest_at'),
    ])
    .where('m.organization_id', '=', organizationId)
    .where(sql<boolean>`m.read_at is null and m.direction = 'in'`)
    .groupBy(['m.booking_id', 'b.reference', 'b.name'])
    .orderBy('latest_at', 'desc')
    .limit(500)
    .execute();
  return withAggregates(rows, 'unread').map((r) => ({
    bookingId: r.booking_id ?? '',
    reference: r.reference,
    name: r.name,
    unread: r.unread,
    latestAt: String(r.latest_at),
  }));
}
