/**
 * Timestamps from PostgreSQL as the rest of Marquee sees them on both databases: ISO-8601 UTC
 * with milliseconds (`2024-01-01T00:00:01.123Z`). Marquee's sessions run in UTC, so PostgreSQL
 * writes `2024-01-01 00:00:01.123456+00`; that form is checked character by character and
 * rewritten from slices of itself (a page of versions has up to a hundred timestamps, and a
 * regular expression's match, or the general date parser, costs about a microsecond and a few
 * hundred bytes of garbage each). Any other form goes through Date; both truncate to milliseconds.
 */

/** Whether the characters from `from` up to `to` are all decimal digits. */
function digits(value: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const code = value.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** Whether `value` reads `YYYY-MM-DD HH:MM:SS+00`, or the same with `.` and 1 to 6 digits before `+00`. */
function isUtcText(value: string): boolean {
  const length = value.length;
  if (length !== 22 && (length < 24 || length > 29)) return false;
  return (
    digits(value, 0, 4) &&
    value[4] === '-' &&
    digits(value, 5, 7) &&
    value[7] === '-' &&
    digits(value, 8, 10) &&
    value[10] === ' ' &&
    digits(value, 11, 13) &&
    value[13] === ':' &&
    digits(value, 14, 16) &&
    value[16] === ':' &&
    digits(value, 17, 19) &&
    (length === 22 || (value[19] === '.' && digits(value, 20, length - 3))) &&
    value.endsWith('+00')
  );
}

export function isoFromPostgres(value: string): string {
  if (!isUtcText(value)) return new Date(value).toISOString();
  const date = value.slice(0, 10);
  switch (value.length) {
    case 22:
      return `${date}T${value.slice(11, 19)}.000Z`;
    case 24:
      return `${date}T${value.slice(11, 21)}00Z`;
    case 25:
      return `${date}T${value.slice(11, 22)}0Z`;
    default:
      return `${date}T${value.slice(11, 23)}Z`;
  }
}
