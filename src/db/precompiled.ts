/**
 * Queries whose shape never changes are compiled once and run with new parameter values:
 * building and compiling a Kysely query costs more than running a small indexed lookup or
 * insert. The query is compiled with marker values to learn where each parameter goes.
 */
import { type Compilable, CompiledQuery } from 'kysely';
import type { Db, Trx } from './database.js';

const marker = (index: number) => `\u0000param${index}\u0000`;

interface Template {
  sql: string;
  /** For each parameter of the SQL, the index of the argument it takes (null: always NULL). */
  positions: Array<number | null>;
}

function compileTemplate(arity: number, build: (...params: string[]) => Compilable<unknown>): Template {
  const markers = Array.from({ length: arity }, (_, i) => marker(i));
  const compiled = build(...markers).compile();
  const positions = compiled.parameters.map((value) => {
    if (value === null) return null;
    const index = markers.indexOf(value as string);
    if (index === -1)
      throw new Error(`precompile: a parameter of "${compiled.sql}" is not one of the markers`);
    return index;
  });
  return { sql: compiled.sql, positions };
}

function bind<Params extends readonly unknown[]>(template: Template, params: Params): CompiledQuery {
  return CompiledQuery.raw(
    template.sql,
    template.positions.map((i) => (i === null ? null : params[i])),
  );
}

/** A query of `db`, compiled now. */
export function precompile<Params extends readonly unknown[], Row>(
  db: Db,
  arity: Params['length'],
  build: (...params: string[]) => Compilable<Row>,
): (...params: Params) => Promise<Row[]> {
  const template = compileTemplate(arity, build);
  return async (...params: Params) => (await db.executeQuery<Row>(bind(template, params))).rows;
}

/**
 * A statement run on a database or inside one of its transactions, compiled on first use for
 * each database (a transaction shares its database's dialect). Every parameter is a string.
 */
export function precompiledStatement<Params extends readonly string[]>(
  arity: Params['length'],
  build: (db: Db, ...params: string[]) => Compilable<unknown>,
): (executor: Db | Trx, ...params: Params) => Promise<void> {
  const templates = new WeakMap<object, Template>();
  return async (executor, ...params) => {
    const adapter = executor.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) {
      template = compileTemplate(arity, (...markers) => build(executor, ...markers));
      templates.set(adapter, template);
    }
    await executor.executeQuery(bind(template, params));
  };
}
