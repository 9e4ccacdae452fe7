/**
 * Queries whose shape never changes are compiled once, at start-up, and run with new parameter
 * values: building and compiling a Kysely query costs more than running a small indexed lookup.
 * The query is compiled with marker values to learn where each parameter goes.
 */
import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from './database.js';

const marker = (index: number) => `\u0000param${index}\u0000`;

export function precompile<Params extends readonly unknown[], Row>(
  db: Db,
  arity: Params['length'],
  build: (...params: string[]) => Compilable<Row>,
): (...params: Params) => Promise<Row[]> {
  const markers = Array.from({ length: arity }, (_, i) => marker(i));
  const compiled = build(...markers).compile();
  const positions = compiled.parameters.map((value) => {
    const index = markers.indexOf(value as string);
    if (index === -1)
      throw new Error(`precompile: a parameter of "${compiled.sql}" is not one of the markers`);
    return index;
  });
  return async (...params: Params) => {
    const result = await db.executeQuery<Row>(
      CompiledQuery.raw(
        compiled.sql,
        positions.map((i) => params[i]),
      ),
    );
    return result.rows;
  };
}
