/**
 * Timestamps from PostgreSQL as the rest of Marquee sees them on both databases: ISO-8601 UTC
 * with milliseconds (`2024-01-01T00:00:01.123Z`). Marquee's sessions run in UTC, so PostgreSQL
 * writes `2024-01-01 00:00:01.123456+00`; that form is rewritten directly (a page of resources
 * has dozens of timestamps, and the general date parser costs about a microsecond each). Any
 * other form goes through Date, as before; both truncate to milliseconds.
 */
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

export function isoFromPostgres(value: string): string {
  const parts = UTC_TEXT.exec(value);
  if (!parts) return new Date(value).toISOString();
  const fraction = parts[3] ?? '';
  const millis = fraction.length >= 3 ? fraction.slice(0, 3) : fraction.padEnd(3, '0');
  return `${parts[1]}T${parts[2]}.${millis}Z`;
}
