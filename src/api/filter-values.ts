/** The values of a list's filters (SPEC §5): how each kind is described, and read from a query. */
import { BadRequestError } from '../errors.js';
import { excerpt } from '../text-excerpt.js';
import { missingDayWords } from '../wall-clock.js';
import type { FilterField, FilterOperator } from './resource-definition.js';

/** What a filter parameter takes, for the OpenAPI document. */
export function filterDescription(spec: FilterField, operator: FilterOperator): string {
  if (spec.description) return spec.description;
  if (operator === 'null' || operator === 'not_null') return 'true or false';
  const list = operator === 'in' || operator === 'not_in' ? 'Comma-separated ' : '';
  if (spec.kind === 'timestamp') return `${list}ISO-8601 date-time`;
  if (spec.kind === 'date') return `${list}date, YYYY-MM-DD`;
  if (spec.kind === 'enum') return `${list}${spec.values?.join(' | ')}`;
  if (spec.kind === 'boolean') return `${list}true | false`;
  return `${list}id${spec.allowsMe ? ' (or me)' : ''}${spec.none && !list ? ' (or none)' : ''}`;
}

/** A filter value as the query compares it; a 400 invalid_filter when it cannot be one. */
export function parseFilterValue(parameter: string, spec: FilterField, raw: string, userId: string): string {
  if (spec.allowsMe && raw === 'me') return userId;
  if (spec.kind === 'timestamp') {
    const time = Date.parse(raw);
    // Date.parse reads a day that does not exist (2027-02-31) as one of the next month.
    if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(time) || missingDayWords(raw)) {
      const words = missingDayWords(raw) ?? `"${excerpt(raw)}" is not an ISO-8601 date-time.`;
      throw new BadRequestError(words, { parameter }, 'invalid_filter');
    }
    return new Date(time).toISOString();
  }
  if (spec.kind === 'date') {
    const time = Date.parse(`${raw}T00:00:00Z`);
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(raw) ||
      Number.isNaN(time) ||
      new Date(time).toISOString().slice(0, 10) !== raw
    ) {
      throw new BadRequestError(`"${raw}" is not a date (YYYY-MM-DD).`, { parameter }, 'invalid_filter');
    }
    return raw;
  }
  if (spec.kind === 'boolean') {
    // Stored as 1 or 0 on both databases.
    if (raw === 'true' || raw === 'false') return raw === 'true' ? '1' : '0';
    throw new BadRequestError(`"${raw}" is not true or false.`, { parameter }, 'invalid_filter');
  }
  if (spec.kind === 'enum' && !spec.values?.includes(raw)) {
    throw new BadRequestError(
      `"${raw}" is not one of ${spec.values?.join(', ')}.`,
      { parameter },
      'invalid_filter',
    );
  }
  return raw;
}
