/**
 * The custom fields' values of the benchmark's venues (SPEC §19): 20 fields on each booking, 5
 * selects of 5 options (`s0`…`s4`, options `o0`…`o4`), 5 numbers (`n0`…`n4`) and 10 texts
 * (`t0`…`t9`), one value in ten unset, drawn from a seeded generator so every run keeps the same.
 * Read by bench/custom-fields.ts (storage designs) and bench/custom-field-loads.ts (the API's rows).
 */
export const SELECTS = ['s0', 's1', 's2', 's3', 's4'];
export const OPTIONS = ['o0', 'o1', 'o2', 'o3', 'o4'];
export const NUMBERS = ['n0', 'n1', 'n2', 'n3', 'n4'];
export const TEXTS = Array.from({ length: 10 }, (_, i) => `t${i}`);

export interface Value {
  key: string;
  text: string | null;
  number: number | null;
}

/** One booking's values, drawing from `next` (a generator of [0, 1)). */
export function valuesOf(next: () => number): Value[] {
  const values: Value[] = [];
  const unset = () => next() < 0.1;
  for (const key of SELECTS)
    if (!unset()) values.push({ key, text: OPTIONS[Math.floor(next() * 5)]!, number: null });
  for (const key of NUMBERS) {
    if (!unset()) values.push({ key, text: null, number: Math.round(next() * 1_000_000) / 100 });
  }
  for (const key of TEXTS)
    if (!unset()) values.push({ key, text: `words ${Math.floor(next() * 1e6)}`, number: null });
  return values;
}

/** The values as a record keeps them in its `custom_fields` column: numbers as JSON numbers. */
export function storedValues(values: readonly Value[]): string {
  return JSON.stringify(Object.fromEntries(values.map((v) => [v.key, v.number ?? v.text])));
}

/** The 20 definitions, as `POST /v2/custom_fields` takes them. */
export function fieldInputs() {
  const options = OPTIONS.map((value) => ({ value, label: `Option ${value}` }));
  return [
    ...SELECTS.map((key) => ({ key, field_type: 'select', options })),
    ...NUMBERS.map((key) => ({ key, field_type: 'number' })),
    ...TEXTS.map((key) => ({ key, field_type: 'text' })),
  ].map((field, position) => ({
    record_type: 'bookings',
    label: field.key.toUpperCase(),
    position,
    ...field,
  }));
}
