/**
 * A client's link to one document (SPEC §13): `/p/<token>`, 256 random bits behind the prefix
 * `mqd_` (so secret scanners know a leaked one), kept only as its SHA-256, good for 30 days and
 * revocable from the booking page. A link that is unknown, expired, revoked or whose document
 * was voided finds nothing, all alike: the portal cannot tell them apart, and says so the same way.
 */
import { isoTime } from '../../clock.js';
import type { Db, Trx } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { generateCredential, hashCredential } from '../../security/credentials.js';
import { documentCodec, type DocumentValue } from './document.codec.js';
import type { DocumentLink, DocumentRow } from './document.table.js';

export const LINK_LIFETIME_MS = 30 * 24 * 3600 * 1000;

/** The shape of a link's token: the prefix and 43 base64url characters (anything else finds nothing, unhashed). */
const TOKEN = /^mqd_[A-Za-z0-9_-]{43}$/;

/** Makes a link to the document in the unit of work; returns the token, shown this once. */
export async function makeLink(
  trx: Trx,
  document: DocumentRow,
  now: number,
): Promise<{ token: string; link: DocumentLink }> {
  const { value, hash } = generateCredential('documentLink');
  const link: DocumentLink = {
    id: newId(now),
    organization_id: document.organization_id,
    document_id: document.id,
    token_hash: hash,
    created_at: isoTime(now),
    expires_at: isoTime(now + LINK_LIFETIME_MS),
    revoked_at: null,
    last_used_at: null,
  };
  await trx.insertInto('document_links').values(link).execute();
  return { token: value, link };
}

/** The live link a token is, with its document (not voided), if any. */
export async function documentOfToken(
  db: Db,
  token: string,
  now: number,
): Promise<{ link: DocumentLink; document: DocumentValue } | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const at = isoTime(now);
  const link = await db
    .selectFrom('document_links')
    .selectAll()
    .where('token_hash', '=', hashCredential(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  if (!link) return undefined;
  const document = await db
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', link.document_id)
    .where('status', '!=', 'void')
    .executeTakeFirst();
  return document && { link, document: documentCodec.decode(document) };
}

const NOTE_EVERY_MS = 60_000;

/**
 * Notes a link's use (shown on the booking page), at most once a minute, as an API key's and a
 * calendar feed's: a client reloading the page must not turn every view into a write. The stamp
 * read with the link skips the write; the condition keeps two views at once to one.
 */
export async function noteLinkUse(db: Db, link: DocumentLink, now: number): Promise<void> {
  if (link.last_used_at && Date.parse(link.last_used_at) > now - NOTE_EVERY_MS) return;
  const before = isoTime(now - NOTE_EVERY_MS);
  await db
    .updateTable('document_links')
    .set({ last_used_at: isoTime(now) })
    .where('id', '=', link.id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', before)]))
    .execute();
}

/** The document's links, newest first (the booking page lists them). */
export function linksOf(
  db: Db,
  organizationId: string,
  documentIds: readonly string[],
): Promise<DocumentLink[]> {
  if (documentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('document_links')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('document_id', 'in', documentIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes every live link of the document (a voided document), in the unit of work. */
export async function revokeLinksOf(trx: Trx, documentId: string, now: number): Promise<void> {
  await trx
    .updateTable('document_links')
    .set({ revoked_at: isoTime(now) })
    .where('document_id', '=', documentId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The organization's link by its id, with its document's booking (to revoke it), or undefined. */
export function linkOf(
  db: Db,
  organizationId: string,
  linkId: string,
): Promise<{ id: string; bookingId: string } | undefined> {
  return db
    .selectFrom('document_links as l')
    .innerJoin('documents as d', 'd.id', 'l.document_id')
    .select(['l.id', 'd.booking_id as bookingId'])
    .where('l.organization_id', '=', organizationId)
    .where('l.id', '=', linkId)
    .executeTakeFirst();
}
