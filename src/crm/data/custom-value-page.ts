/**
 * A list page in the order of a custom field's value (SPEC §19, docs/decisions/0020): the records
 * with a value in its order, then those without one by id, in both directions, ties by id. Each
 * part is read from its own index in order (the set values from the field's expression index)
 * and only the page's rows are sorted together, never the whole list. A cursor says which part
 * its row stands in: `v<value>` or `n` (no value).
 */
import { holdsAnySql, parameterSql, textSql, valueSql } from './custom-value-sql.js';
import type { CustomValue, Filter } from './list-shape.js';

const COMPARISONS = { eq: '=', not_eq: '<>', lt: '<', lteq: '<=', gt: '>', gteq: '>=' } as const;

/** A custom field filter's condition, with `next()` giving each value's placeholder in order. */
export function customCondition(sqlite: boolean, filter: Filter & { custom: CustomValue }, next: () => string) {
  const { key, type } = filter.custom;
  const value = valueSql(sqlite, key);
  const values = Array.isArray(filter.value) ? filter.value : [filter.value];
  const typed = () => values.map(() => parameterSql(sqlite, type, next()));
  switch (filter.operator) {
    case 'null':
    case 'not_null':
      return (filter.operator === 'null') === filter.value ? `${value} is null` : `${value} is not null`;
    case 'contains':
      return `lower(${textSql(sqlite, key)}) like '%' || lower(${next()}) || '%' escape '\\'`;
    default:
  }
  if (type === 'multi_select') {
    const holds = holdsAnySql(sqlite, key, values.map(() => next()));
    return filter.operator === 'eq' || filter.operator === 'in' ? holds : `${value} is not null and not ${holds}`;
  }
  if (filter.operator === 'in') return `${value} in (${typed().join(', ')})`;
  if (filter.operator === 'not_in') return `${value} not in (${typed().join(', ')})`;
  return `${value} ${COMPARISONS[filter.operator]} ${typed()[0]!}`;
}

/** A cursor's value of a row: `v<value>`, or `n` when the row has none. */
export function customCursorValue(column: string, key: string): string {
  const value = (JSON.parse(column) as Record<string, unknown>)[key];
  return value === undefined || value === null ? 'n' : `v${String(value)}`;
}

/**
 * The page's SQL: `part(extra)` is the list's filtered rows with a condition more, `next()` the
 * placeholders in order. Returns the statement and the order of the parameters it takes, as
 * `cursor value`, `cursor id` and `part` (each part's own parameters) marks.
 */
export function customSortStatement(
  sqlite: boolean,
  sort: CustomValue,
  ascending: boolean,
  forward: boolean,
  cursor: { set: boolean } | undefined,
  part: (condition: string) => string,
  next: () => string,
  limit: number,
): string {
  const value = valueSql(sqlite, sort.key);
  const direction = ascending ? 'asc' : 'desc';
  const after = ascending ? '>' : '<';
  // The parts in reading order: forwards the set values first, backwards the unset ones.
  let setCondition = `${value} is not null`;
  let unsetCondition = `${value} is null`;
  if (cursor?.set) {
    const setPart = part(setCondition);
    setCondition = `${setPart} and (${value}, id) ${after} (${parameterSql(sqlite, sort.type, next())}, ${next()})`;
    unsetCondition = forward ? part(unsetCondition) : `${part(unsetCondition)} and 1 = 0`;
  } else if (cursor) {
    setCondition = forward ? `${part(setCondition)} and 1 = 0` : part(setCondition);
    unsetCondition = `${part(unsetCondition)} and id ${after} ${next()}`;
  } else {
    setCondition = part(setCondition);
    unsetCondition = part(unsetCondition);
  }
  const set = `select * from (select * from ${setCondition} order by ${value} ${direction}, id ${direction} limit ${limit}) as set_values`;
  const unset = `select * from (select * from ${unsetCondition} order by id ${direction} limit ${limit}) as unset_values`;
  const first = forward ? 'asc' : 'desc';
  return `select * from (${set} union all ${unset}) as page order by (${value} is null) ${first}, ${value} ${direction}, id ${direction} limit ${limit}`;
}
