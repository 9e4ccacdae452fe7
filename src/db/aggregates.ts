/**
 * A query's aggregates as numbers, where the driver's values are made the same on both databases.
 * SQLite gives numbers; on PostgreSQL count(*) is bigint (connect.ts reads int8 as a number), but a
 * sum of integers is numeric and a max keeps its column's type, which pg hands over as text. A
 * query that counts or sums returns its figures through here, so no caller coerces a row
 * (test/project/codecs.test.ts).
 */

/** An aggregate of the database's as a number (null stays 0, as Number reads it). */
type Aggregate = number | string | bigint | null;

/** The count a query selects as `n` (its one row: `count(*) as n`). */
export async function countOf(query: {
  executeTakeFirstOrThrow(): Promise<{ readonly n: Aggregate }>;
}): Promise<number> {
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The rows of a grouped query with its aggregate columns made numbers, the others as they are. */
export function withAggregates<Row extends object, Column extends keyof Row>(
  rows: readonly Row[],
  ...columns: Column[]
): Array<Omit<Row, Column> & Record<Column, number>> {
  return rows.map((row) => {
    const numbered = { ...row } as Record<PropertyKey, unknown>;
    for (const column of columns) numbered[column] = Number(row[column] as Aggregate);
    return numbered as Omit<Row, Column> & Record<Column, number>;
  });
}

/** One aggregate a query selected, or undefined when it found no row. */
export const aggregateOf = (value: Aggregate | undefined): number | undefined =>
  value === undefined ? undefined : Number(value);
