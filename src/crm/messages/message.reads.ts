/** What the doors read of the conversation: a booking's messages, as values, oldest first. */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type ConversationMessage, type Message, messageCodec } from './message.value.js';

export async function latestMessagesOf(
  db: Db,
  organizationId: string,
  bookingId: string,
  limit: number,
): Promise<Message[]> {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('booking_id', '=', bookingId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(messageCodec.decode).reverse();
}

/** How many messages one page of a booking's Conversation shows (the newest; earlier ones a page each). */
export const CONVERSATION_PAGE = 50;

/** The most of a message's text a Conversation page shows (a longer one says so). */
export const TEXT_SHOWN = 20_000;

export type { ConversationMessage };

export interface ConversationPage {
  /** In the order they were sent, the newest last. */
  messages: ConversationMessage[];
  /** The cursor of the page before this one (its oldest message's id), if there are earlier ones. */
  earlier: string | undefined;
}

/**
 * One page of a booking's conversation, in and out, in the order they were sent: the newest
 * CONVERSATION_PAGE, or those sent before the message `before` names (a cursor no message of the
 * booking has reads as none). Only what the page draws is read, so a booking with years of mail
 * or a client's megabytes of HTML costs one page.
 */
export async function conversationPage(
  db: Db,
  organizationId: string,
  bookingId: string,
  before?: string | undefined,
): Promise<ConversationPage> {
  const ofBooking = db
    .selectFrom('messages')
    .where('organization_id', '=', organizationId)
    .where('booking_id', '=', bookingId);
  const cursor = before
    ? await ofBooking.select(['sent_at', 'created_at', 'id']).where('id', '=', before).executeTakeFirst()
    : undefined;
  let query = ofBooking.select([
    'id',
    'direction',
    'from_name',
    'from_email',
    'to_list',
    'cc_list',
    'subject',
    sql<string>`substr(text, 1, ${sql.lit(TEXT_SHOWN)})`.as('text'),
    sql<number | string>`length(text)`.as('text_length'),
    'sent_at',
    'state',
    'attachments',
    'read_at',
  ]);
  if (cursor)
    query = query.where(
      sql<boolean>`(sent_at, created_at, id) < (${cursor.sent_at}, ${cursor.created_at}, ${cursor.id})`,
    );
  const rows = await query
    .orderBy('sent_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(CONVERSATION_PAGE + 1)
    .execute();
  const shown = rows.slice(0, CONVERSATION_PAGE).reverse();
  const messages = shown.map((r) => messageCodec.decodeShown(r, TEXT_SHOWN));
  return { messages, earlier: rows.length > CONVERSATION_PAGE ? shown[0]?.id : undefined };
}

/**
 * Which of `documentIds` have a kept PDF a message may carry (as sent or issued): the documents
 * Write to client offers to attach, as sendMessage attaches them.
 */
export async function attachableDocumentIds(db: Db, documentIds: readonly string[]): Promise<Set<string>> {
  if (documentIds.length === 0) return new Set();
  const kept = await db
    .selectFrom('document_files')
    .select('document_id')
    .where('document_id', 'in', [...documentIds])
    .where('role', 'in', ['sent', 'issued'])
    .execute();
  return new Set(kept.map((k) => k.document_id));
}
