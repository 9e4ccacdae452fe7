/**
 * Entity tags (RFC 9110 §8.8.3) for single resources: a strong tag derived from the type, id and
 * updated_at of every resource in the document, and what a resource shows of other rows (a
 * booking's room names), so any change to what is shown changes the tag.
 */
import { createHash } from 'node:crypto';

export function etagOf(
  parts: ReadonlyArray<{ type: string; id: string; updatedAt: unknown }>,
  /** What else shapes the document (its sparse fieldsets), when anything does. */
  variant?: string,
  /** What the resource shows of other rows (a booking's room names), when anything. */
  derived?: string,
): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.type}/${part.id}@${String(part.updatedAt)}\n`);
  if (variant !== undefined) hash.update(`fields ${variant}\n`);
  if (derived !== undefined) hash.update(`shows ${derived}\n`);
  return `"${hash.digest('base64url').slice(0, 27)}"`;
}

function tags(header: string): string[] {
  return header
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2). */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return true;
  const bare = etag.replace(/^W\//, '');
  return !tags(header).some((t) => t === '*' || t.replace(/^W\//, '') === bare);
}

/** If-Match uses the strong comparison (RFC 9110 §13.1.1). */
export function matches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return true;
  return tags(header).some((t) => t === '*' || t === etag);
}
