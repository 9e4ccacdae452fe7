/**
 * A kind's codec, made from its fields (fields.ts): each stored field's column read into the
 * domain's value, and each value written back as its column — the one place either is done.
 */
import {
  camelName,
  type FieldType,
  type Fields,
  type NullColumns,
  type StoredColumns,
  type StoredValues,
} from './fields.js';
import { flag } from './row-mappers.js';

/** A stored value as its column keeps it. */
export function encodeValue(type: FieldType, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  switch (type) {
    case 'boolean':
      return value ? 1 : 0;
    case 'id_list':
    case 'counts':
    case 'record':
    case 'structure':
      return JSON.stringify(value);
    default:
      return value;
  }
}

/** A column as the domain's value (a driver may hand numbers and flags over as text). */
export function decodeValue(type: FieldType, column: unknown): unknown {
  if (column === null || column === undefined) return null;
  switch (type) {
    case 'integer':
    case 'money':
      return Number(column);
    case 'boolean':
      return flag(column as number);
    case 'id_list':
    case 'counts':
    case 'record':
    case 'structure':
      return JSON.parse(String(column)) as unknown;
    default:
      return column;
  }
}

/** The stored fields' values of a row, by camelCase name (the kind's codec builds on it). */
export function decodeStored<F extends Fields>(fields: F, row: Readonly<Record<string, unknown>>): StoredValues<F> {
  const values: Record<string, unknown> = {};
  for (const declared of Object.values(fields)) {
    if (declared.stored) values[camelName(declared.name)] = decodeValue(declared.type, row[declared.name]);
  }
  return values as StoredValues<F>;
}

/** The columns of the stored values given (the others are left out: a change names only its own). */
export function encodeStored<F extends Fields>(
  fields: F,
  values: Readonly<Partial<StoredValues<F>>>,
): Partial<StoredColumns<F>> {
  const columns: Record<string, unknown> = {};
  for (const declared of Object.values(fields)) {
    const key = camelName(declared.name);
    if (declared.stored && key in values) {
      columns[declared.name] = encodeValue(declared.type, (values as Record<string, unknown>)[key]);
    }
  }
  return columns as Partial<StoredColumns<F>>;
}

/** A row's nullable stored columns, each null: what a record made whole gives none of. */
export function nullColumns<F extends Fields>(fields: F): NullColumns<F> {
  const columns: Record<string, null> = {};
  for (const declared of Object.values(fields)) if (declared.stored && declared.nullable) columns[declared.name] = null;
  return columns as NullColumns<F>;
}
