/**
 * Queries whose shape never changes are compiled once and run with new parameter values:
 * building and compiling a Kysely query costs more than running a small indexed lookup or
 * insert. The query is built once with a marker in place of each named parameter, to learn
 * where each one goes; parameters are passed by name, so two of them can never be swapped.
 */
import { type Compilable, CompiledQuery } from 'kysely';
import type { Db, Trx } from './database.js';

/** Parameters of a precompiled query: named strings (or null). */
export type QueryParams = Record<string, string | null>;

const MARKER_PREFIX = '\u0000param:';
const MARKER_SUFFIX = '\u0000';

function markerName(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith(MARKER_PREFIX) || !value.endsWith(MARKER_SUFFIX)) {
    return undefined;
  }
  return value.slice(MARKER_PREFIX.length, -MARKER_SUFFIX.length);
}

interface Template {
  sql: string;
  /** For each parameter of the SQL, the name of the value it takes (null: always NULL). */
  names: Array<string | null>;
}

/** An object whose every property is the marker of its own name. */
function markers<Params extends QueryParams>(): Params {
  return new Proxy({} as Params, {
    get: (_target, name) =>
      typeof name === 'string' ? `${MARKER_PREFIX}${name}${MARKER_SUFFIX}` : undefined,
  });
}

function compileTemplate<Params extends QueryParams>(
  build: (params: Params) => Compilable<unknown>,
): Template {
  const compiled = build(markers<Params>()).compile();
  const names = compiled.parameters.map((value) => {
    if (value === null) return null;
    const name = markerName(value);
    if (name === undefined) {
      throw new Error(`precompile: a parameter of "${compiled.sql}" is not a named parameter`);
    }
    return name;
  });
  return { sql: compiled.sql, names };
}

function bind(template: Template, params: QueryParams): CompiledQuery {
  return CompiledQuery.raw(
    template.sql,
    template.names.map((name) => (name === null ? null : (params[name] ?? null))),
  );
}

/**
 * A query run on a database or inside one of its transactions, compiled on first use for each
 * dialect (a transaction shares its database's adapter); returns its rows.
 */
export function precompiledQuery<Params extends QueryParams, Row>(
  build: (db: Db, params: Params) => Compilable<Row>,
): (executor: Db | Trx, params: Params) => Promise<Row[]> {
  const templates = new WeakMap<object, Template>();
  return async (executor, params) => {
    const adapter = executor.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) {
      template = compileTemplate<Params>((markerParams) => build(executor, markerParams));
      templates.set(adapter, template);
    }
    return (await executor.executeQuery<Row>(bind(template, params))).rows;
  };
}

/** A statement (no rows wanted) run on a database or inside one of its transactions. */
export function precompiledStatement<Params extends QueryParams>(
  build: (db: Db, params: Params) => Compilable<unknown>,
): (executor: Db | Trx, params: Params) => Promise<void> {
  const query = precompiledQuery(build);
  return async (executor, params) => {
    await query(executor, params);
  };
}
