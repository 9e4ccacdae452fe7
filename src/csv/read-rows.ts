/**
 * Reading an import file with csv-parse: UTF-8 with or without a byte-order mark, quoted cells
 * that may hold commas and line breaks, a header row naming the columns. A header that names an
 * unknown column, a column twice, or lacks a required one is refused as a whole (one message);
 * a row with the wrong number of cells is a row error. An older name of a column (CsvShape.aliases)
 * reads as that column. Text that is not UTF-8 is refused rather than read as mangled characters.
 */
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import { InputError } from '../errors.js';
import type { CsvShape } from './columns.js';
import type { RowErrors } from './row-errors.js';

/**
 * One data row: its number as a spreadsheet shows it, and its cells by column: the writable ones,
 * and the id, reference and spaces' names an export gave it (which an import links records by).
 * A cell is kept under the name the file gives its column (an older name too), so a problem is
 * told on the column as the file names it.
 */
export interface CsvRow {
  row: number;
  cells: Readonly<Record<string, string | undefined>>;
}

/** Decodes UTF-8 strictly, counting the bytes read (for the progress bar). */
function utf8Decoder(onBytes: (bytes: number) => void): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let offset = 0;
  const decode = (chunk?: Buffer): string => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw new InputError(
        `the file is not UTF-8 text (near byte ${offset}); save it as "CSV UTF-8" and try again`,
      );
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        const text = decode(chunk);
        offset += chunk.length;
        onBytes(offset);
        done(null, text);
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        done(null, decode());
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/** The column a header's name stands for: itself, or the one an older name was (an alias). */
const columnNamed = (name: string, shape: CsvShape): string => shape.aliases?.[name] ?? name;

export function checkHeader(header: readonly string[], shape: CsvShape): void {
  const seen = new Set<string>();
  for (const name of header) {
    if (name === '') throw new InputError('the header row has an empty column name');
    const column = columnNamed(name, shape);
    if (!shape.columns.includes(column)) {
      throw new InputError(`unknown column "${column}"; the columns are: ${shape.columns.join(', ')}`);
    }
    if (seen.has(column)) {
      throw new InputError(
        `the column "${column}" appears twice in the header${name === column ? '' : ` (once as "${name}")`}`,
      );
    }
    seen.add(column);
  }
  for (const alternatives of shape.required) {
    if (!alternatives.some((column) => seen.has(column))) {
      throw new InputError(`missing column ${alternatives.map((c) => `"${c}"`).join(' or ')}`);
    }
  }
}

/** Read-only columns of an export that an import links records by: ids, references, spaces' names. */
const LINKS = ['id', 'reference', 'room_names', 'space_names'];

function rowOf(record: readonly string[], header: readonly string[], shape: CsvShape, row: number): CsvRow {
  const cells: Record<string, string | undefined> = {};
  header.forEach((name, i) => {
    const column = columnNamed(name, shape);
    if (shape.writable.includes(column) || LINKS.includes(column)) {
      cells[name] = record[i] ?? '';
    }
  });
  return { row, cells };
}

/**
 * The rows of the file, `size` at a time, as they are read: the next are read only once the
 * chunk before has been taken, so what the file holds is never all in memory at once.
 */
export async function* readCsvChunks(
  input: Readable,
  shape: CsvShape,
  errors: RowErrors,
  onBytes: (bytes: number) => void,
  size: number,
): AsyncGenerator<CsvRow[]> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: false });
  const piped = pipeline(input, utf8Decoder(onBytes), parser);
  // Its failure also ends the reading below, which tells it; a chunk's taker that stops early ends it too.
  piped.catch(() => {});
  let header: string[] | undefined;
  let index = 0;
  let chunk: CsvRow[] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      index += 1;
      if (!header) {
        header = record.map((name) => name.trim().toLowerCase());
        checkHeader(header, shape);
        continue;
      }
      if (record.every((cell) => cell.trim() === '')) continue;
      if (record.length !== header.length) {
        const cells = `${record.length} cell${record.length === 1 ? '' : 's'}`;
        errors.add(index, null, `has ${cells}; the header names ${header.length} columns`);
        continue;
      }
      chunk.push(rowOf(record, header, shape, index));
      if (chunk.length === size) {
        yield chunk;
        chunk = [];
      }
    }
    await piped;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new InputError(`the file is not valid CSV${line ? ` (line ${line})` : ''}: ${error.message}`);
    }
    throw error;
  }
  if (!header) throw new InputError('the file is empty; it needs a header row naming the columns');
  if (chunk.length > 0) yield chunk;
}

/** Every row of the file at once (an import that judges two files together: import-with-events.ts). */
export async function readCsvRows(
  input: Readable,
  shape: CsvShape,
  errors: RowErrors,
  onBytes: (bytes: number) => void = () => {},
): Promise<CsvRow[]> {
  const rows: CsvRow[] = [];
  for await (const chunk of readCsvChunks(input, shape, errors, onBytes, 10_000)) rows.push(...chunk);
  return rows;
}
