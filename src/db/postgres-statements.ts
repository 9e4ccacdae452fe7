/**
 * Which statements run prepared by name on PostgreSQL (src/db/connect.ts): a named statement is
 * parsed and planned once per connection, then only bound and run, which saves PostgreSQL about a
 * third of its CPU for a page query and more for a write's few small statements.
 * - Text-values reads (the page queries' version keys, src/db/text-values.ts) from their first run.
 * - Other statements with values from their second run (among the last SEEN_KEPT texts seen), so
 *   one-off texts are never prepared.
 * - Never a statement whose columns a `*` chooses: once a migration adds a column, PostgreSQL
 *   refuses to run its prepared form ("cached plan must not change result type"), while the
 *   unnamed one simply returns the new column too. (A statement naming a column whose type a
 *   migration changes meets the same refusal until the process restarts.)
 * Names are given per distinct text, to the first MOST_NAMED texts this process sees, which keeps
 * each connection's prepared statements bounded whatever runs; texts past that run unnamed.
 */
import type pg from 'pg';
import { isWritingSql } from './change-clock.js';
import { misusedTextValues } from './text-values.js';
const statementNames = new Map<string, string>();
const MOST_NAMED = 500;
export function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MOST_NAMED && !choosesColumnsByStar(text)) {
    name = `marquee_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Texts seen lately (at most SEEN_KEPT), so a statement is named when it comes again. */
const seen = new Set<string>();
const SEEN_KEPT = 2000;
/**
 * Whether a `*` may choose the statement's columns (`select *`, `"t".*`, `returning *`, `distinct
 * on (…) *`; a product `a * b` counts too, to be safe; `count(*)` does not): a prepared statement
 * would fail once a migration adds a column.
 */
function choosesColumnsByStar(text: string): boolean {
  return /(?:^|[\s,(.])\*(?!\))/.test(text);
}

export function repeatedStatementName(text: string): string | undefined {
  const name = statementNames.get(text);
  if (name !== undefined) return name;
  if (!seen.has(text)) {
    if (seen.size >= SEEN_KEPT) seen.delete(seen.values().next().value!);
    seen.add(text);
    return undefined;
  }
  seen.delete(text);
  return statementName(text);
}

/** A text-values read (src/db/text-values.ts): array rows, prepared by name from its first run. */
export async function postgresTextValues(pool: pg.Pool, text: string, parameters: readonly unknown[]) {
  if (isWritingSql(text)) throw misusedTextValues();
  const result = await pool.query<unknown[]>({
    name: statementName(text),
    text,
    values: [...parameters],
    rowMode: 'array',
  });
  if (result.fields.length !== 1) throw misusedTextValues();
  return result.rows.map((row) => row[0] as string | null);
}
