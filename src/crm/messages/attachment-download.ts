/**
 * An attachment of a message as a download (SPEC §17), the same at every door (the API's
 * `/v2/messages/{id}/attachments/{n}`, the booking's Conversation): `Content-Disposition:
 * attachment` with a file name that cannot break the header, the type its bytes showed when it
 * was kept (attachment-type.ts), never sniffed by the browser, sandboxed should it be opened
 * anyway, and never cached by anyone but its reader.
 */
import type { Db } from '../../db/database.js';

export interface AttachmentDownload {
  contentType: string;
  headers: Record<string, string>;
  bytes: Buffer;
}

/** `text` with any lone surrogate replaced, as encodeURIComponent needs it. */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** A file name safe in a Content-Disposition header, with the full name for clients that read it. */
export function attachmentDisposition(name: string): string {
  // Cut by characters, never inside a surrogate pair (which encodeURIComponent refuses).
  const kept = Array.from(name).slice(0, 200).join('');
  const plain = kept.replace(/[^\x20-\x7e]|["\\;]/g, '_') || 'attachment';
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(wellFormed(kept))}`;
}

/** The attachment at `position` (1 for the first) of the organization's message, or undefined. */
export async function attachmentDownload(
  db: Db,
  organizationId: string,
  messageId: string,
  position: number,
): Promise<AttachmentDownload | undefined> {
  const row = await db
    .selectFrom('message_attachments')
    .innerJoin('messages', 'messages.id', 'message_attachments.message_id')
    .select(['message_attachments.name', 'message_attachments.content_type', 'message_attachments.content'])
    .where('messages.organization_id', '=', organizationId)
    .where('messages.id', '=', messageId)
    .where('message_attachments.position', '=', position)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    contentType: row.content_type,
    headers: {
      'Content-Disposition': attachmentDisposition(row.name),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
    },
    bytes: Buffer.from(row.content),
  };
}
