/**
 * A kind's fields (docs/decisions/0017-faces-codecs-and-fields.md): each attribute of a record
 * declared once — its type, its name at every door (the API's attribute, the CSV column, the
 * documents' merge name), its label, whether it is written, filtered, sorted, shown to the
 * assistant — and the column it is kept in. The kind's codec reads and writes the columns by these
 * declarations, the only place a column is parsed or coerced; every door renders from them. A
 * custom field of a venue's (SPEC §19) is one more declaration, made at run time.
 */

/** What a field holds, which fixes how it is kept, shown, written and read at every door. */
export type FieldType =
  | 'text'
  | 'long_text'
  | 'integer'
  | 'money'
  | 'boolean'
  | 'date'
  | 'instant'
  | 'enum'
  | 'id'
  | 'id_list'
  | 'counts'
  | 'record'
  | 'structure'
  // The types only a venue's own fields have (SPEC §19).
  | 'number'
  | 'select'
  | 'multi_select'
  | 'email'
  | 'url'
  | 'phone';

/** A field's value in the domain, by its type. */
export interface ValueOfType {
  text: string;
  long_text: string;
  integer: number;
  money: number;
  boolean: boolean;
  date: string;
  instant: string;
  enum: string;
  id: string;
  id_list: string[];
  /** Whole numbers by name (capacities by setup style, amounts by category). */
  counts: Record<string, number>;
  /** Words by name (an inquiry's UTM fields). */
  record: Record<string, string>;
  /** A JSON value of a shape its kind reads (an automation's trigger and steps): `shape` documents it. */
  structure: unknown;
  number: number;
  select: string;
  multi_select: string[];
  email: string;
  url: string;
  phone: string;
}

/** How the database keeps a field's value, by its type (JSON in text, flags as 0 or 1). */
export interface ColumnOfType {
  text: string;
  long_text: string;
  integer: number;
  money: number;
  boolean: number;
  date: string;
  instant: string;
  enum: string;
  id: string;
  id_list: string;
  counts: string;
  record: string;
  structure: string;
  number: number;
  select: string;
  multi_select: string;
  email: string;
  url: string;
  phone: string;
}

/** One attribute of a kind, as every door knows it. */
export interface Field<
  Type extends FieldType = FieldType,
  Nullable extends boolean = boolean,
  Stored extends boolean = boolean,
> {
  /** The API's attribute, the CSV column, the merge name (`{{ booking.<name> }}`): snake_case. */
  readonly name: string;
  /** What people read beside it: a form's label, a column's heading, the assistant's label. */
  readonly label: string;
  readonly type: Type;
  readonly nullable: Nullable;
  /** An enum's values, in the order offered. */
  readonly values?: readonly string[] | undefined;
  /** Said in the API's documentation. */
  readonly description?: string | undefined;
  /** Said instead of `description` where the API documents what a write gives ("Required"; '': nothing). */
  readonly writeDescription?: string | undefined;
  /** Kept in a column of its name (else made from others on read: the kind says how). */
  readonly stored: Stored;
  /** Written through the API, the CSV import and the staff forms (else read-only). */
  readonly writable: boolean;
  /** A column of the CSV export and import. */
  readonly csv: boolean;
  /** An input of its own on the staff forms, rendered from the declaration. */
  readonly form: boolean;
  /** Merged into documents and e-mails as `{{ <kind>.<name> }}`. */
  readonly merge: boolean;
  /** Shown to an assistant. */
  readonly assistant: boolean;
  /**
   * Shown by the API as this relationship (an id, or a list of ids, of records of `type`), not as
   * an attribute — unless `attribute`: then as both (a booking's stage_id beside its stage).
   */
  readonly relationship?: Relationship | undefined;
  /** What a write may give: lengths of text (and of a count's names), bounds of numbers, list sizes. */
  readonly limits?: Limits | undefined;
  /** A structure's JSON Schema, or what a text's adds where shown (its pattern): the API documents it. */
  readonly shape?: object | undefined;
}

export interface Relationship {
  readonly name: string;
  readonly type: string;
  /** Shown as an attribute of its name too (the id), beside the relationship. */
  readonly attribute?: boolean;
}

export interface Limits {
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly maxItems?: number;
}

interface Options {
  nullable?: boolean;
  values?: readonly string[];
  description?: string;
  writeDescription?: string;
  writable?: boolean;
  csv?: boolean;
  form?: boolean;
  merge?: boolean;
  assistant?: boolean;
  relationship?: Relationship;
  limits?: Limits;
  shape?: object;
}

/** Whether options make a field nullable (`nullable: true`), as a type. */
type NullableOf<O> = O extends { nullable: true } ? true : false;

/**
 * A field of `type` labelled `label`, kept in a column of its name: read-only, in the CSV, merged
 * and shown to the assistant unless the options say otherwise; on the forms only where they say so.
 */
export function field<Type extends FieldType, const O extends Options = Record<never, never>>(
  type: Type,
  label: string,
  options?: O,
): Omit<Field<Type, NullableOf<O>, true>, 'name'> {
  return declare(type, label, options ?? {}, true);
}

/** A field made from others when a record is read (a booking's balance due): never written. */
export function derived<
  Type extends FieldType,
  const O extends Omit<Options, 'writable' | 'form'> = Record<never, never>,
>(type: Type, label: string, options?: O): Omit<Field<Type, NullableOf<O>, false>, 'name'> {
  return declare(type, label, options ?? {}, false);
}

function declare<Type extends FieldType, Nullable extends boolean, Stored extends boolean>(
  type: Type,
  label: string,
  options: Options,
  stored: Stored,
): Omit<Field<Type, Nullable, Stored>, 'name'> {
  return {
    label,
    type,
    nullable: (options.nullable ?? false) as Nullable,
    values: options.values,
    description: options.description,
    ...(options.writeDescription !== undefined ? { writeDescription: options.writeDescription } : {}),
    stored,
    writable: stored && (options.writable ?? false),
    csv: options.csv ?? true,
    form: options.form ?? false,
    merge: options.merge ?? true,
    assistant: options.assistant ?? true,
    relationship: options.relationship,
    limits: options.limits,
    shape: options.shape,
  };
}

/** A kind's fields by name, each knowing its own name, in the order the API shows them. */
export type Fields = Readonly<Record<string, Field>>;

export function defineFields<Declared extends Record<string, Omit<Field, 'name'>>>(
  declared: Declared,
): { readonly [Name in keyof Declared]: Declared[Name] & { readonly name: Name & string } } {
  const named = {} as Record<string, Field>;
  for (const [name, declaration] of Object.entries(declared)) named[name] = Object.freeze({ ...declaration, name });
  return Object.freeze(named) as never;
}

type Camel<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : Name;

export { camelName } from './camel-name.js';

type ValueOf<F> =
  F extends Field<infer Type, infer Nullable, boolean>
    ? ValueOfType[Type] | (Nullable extends true ? null : never)
    : never;
type ColumnOf<F> =
  F extends Field<infer Type, infer Nullable, boolean>
    ? ColumnOfType[Type] | (Nullable extends true ? null : never)
    : never;

/** The domain value of a kind's stored fields, by camelCase name. */
export type StoredValues<F extends Fields> = {
  -readonly [Name in keyof F as F[Name]['stored'] extends true ? Camel<Name & string> : never]: ValueOf<F[Name]>;
};

/** The columns that keep a kind's stored fields (a table's type is built on them). */
export type StoredColumns<F extends Fields> = {
  [Name in keyof F as F[Name]['stored'] extends true ? Name : never]: ColumnOf<F[Name]>;
};

/** A kind's nullable stored columns, each null. */
export type NullColumns<F extends Fields> = {
  [Name in keyof F as F[Name]['stored'] extends true
    ? F[Name]['nullable'] extends true
      ? Name
      : never
    : never]: null;
};
