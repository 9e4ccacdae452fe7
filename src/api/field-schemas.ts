/**
 * A kind's fields (src/crm/data/fields.ts) as the API shows and takes them: the schema of a
 * resource's attributes and relationships, the schema of what a create or an update may give,
 * and a value's attributes and relationships. One declaration serves validation, serialization and
 * the OpenAPI document (SPEC §5).
 */
import { type TSchema, Type } from 'typebox';
import { camelName, type Field, type Fields } from '../crm/data/fields.js';
import { Nullable, type ResourceIdentifier, StringEnum } from './jsonapi.js';
import { ToMany, ToOne } from './request-documents.js';

const Closed = { additionalProperties: false } as const;

/** What the API says of a field: of what a write gives (`write`), or of what a read shows. */
function descriptionOf(field: Field, write: boolean): string | undefined {
  return (write ? field.writeDescription : undefined) ?? field.description;
}

function described(field: Field, write: boolean): { description?: string } {
  const description = descriptionOf(field, write);
  return description ? { description } : {};
}

/** The schema of a field's value; `write` adds the limits of what may be given. */
function valueSchema(field: Field, write: boolean): TSchema {
  const limits = write ? (field.limits ?? {}) : {};
  const options = field.nullable ? {} : described(field, write);
  const numbers = { ...pick(limits, ['minimum', 'maximum']), ...options };
  switch (field.type) {
    case 'integer':
    case 'money':
      return Type.Integer(numbers);
    case 'boolean':
      return Type.Boolean(options);
    case 'instant':
      return Type.String({
        format: 'date-time',
        ...options,
        ...(write ? {} : { description: options.description ?? 'ISO-8601, UTC' }),
      });
    case 'date':
      return Type.String({ format: 'date', ...options });
    case 'enum':
      return StringEnum(field.values ?? [], options.description);
    case 'counts':
      return Type.Record(
        Type.String(write && limits.maxLength ? { maxLength: limits.maxLength } : {}),
        Type.Integer(pick(limits, ['minimum', 'maximum'])),
        options,
      );
    case 'record':
      return Type.Record(Type.String(), Type.String(), options);
    case 'structure':
      // Written as any JSON: its kind's rules read it and name every problem at its pointer (one
      // 422). Shown by its shape, which keeps every member (additionalProperties).
      return write ? Type.Unknown(options) : ({ ...(field.shape ?? {}), ...options } as TSchema);
    case 'id_list':
      return Type.Array(Type.String(), options);
    default:
      // A text's shape (its pattern) is what it looks like when shown; its kind's rules judge a write's.
      return Type.String({
        ...pick(limits, ['minLength', 'maxLength']),
        ...(write ? {} : field.shape),
        ...options,
      });
  }
}

function pick<T extends object>(object: T, keys: ReadonlyArray<keyof T>): Partial<T> {
  const picked: Partial<T> = {};
  for (const key of keys) if (object[key] !== undefined) picked[key] = object[key];
  return picked;
}

function shown(field: Field, write: boolean): TSchema {
  const schema = valueSchema(field, write);
  return field.nullable ? Nullable(schema, descriptionOf(field, write)) : schema;
}

/** The fields shown as attributes: all but relationships, and those shown as both. */
const attributes = (fields: Fields) =>
  Object.values(fields).filter((f) => !f.relationship || f.relationship.attribute);

/**
 * Name → what each attribute shows, in the fields' order; `custom`, the venue's own fields'
 * values (SPEC §19), as `custom_fields` before the record's created_at, as every kind shows them.
 */
function inOrder<T>(fields: Fields, each: (field: Field) => T, custom?: T): Record<string, T> {
  const made: Record<string, T> = {};
  for (const f of attributes(fields)) {
    if (custom !== undefined && f.name === 'created_at') made.custom_fields = custom;
    made[f.name] = each(f);
  }
  if (custom !== undefined) made.custom_fields ??= custom;
  return made;
}

/** A resource's attributes, in the fields' order (with `custom_fields` when given its schema). */
export function attributesSchema(fields: Fields, custom?: TSchema) {
  return Type.Object(inOrder(fields, (f) => shown(f, false), custom));
}

/** A resource's relationships: each field shown as one, by name and target type (a list: to-many). */
export function relationshipTargets(fields: Fields): Record<string, string | readonly [string]> {
  return Object.fromEntries(
    Object.values(fields)
      .filter((f) => f.relationship)
      .map((f) => [
        f.relationship!.name,
        f.type === 'id_list' ? [f.relationship!.type] : f.relationship!.type,
      ]),
  );
}

/**
 * What a create may give: the writable attributes (those named `required` must be given), and
 * `custom_fields` last when given its schema.
 */
export function writeAttributesSchema(fields: Fields, required: readonly string[] = [], custom?: TSchema) {
  return Type.Object(
    {
      ...Object.fromEntries(
        attributes(fields)
          .filter((f) => f.writable)
          .map((f) => [f.name, required.includes(f.name) ? shown(f, true) : Type.Optional(shown(f, true))]),
      ),
      ...(custom ? { custom_fields: custom } : {}),
    },
    Closed,
  );
}

/**
 * Properties with others placed beside them: each of `after` right after the property it is named
 * by, each of `before` right before it (what a write may give beside its fields, in its place).
 */
export function placedBeside<T>(
  properties: Readonly<Record<string, T>>,
  beside: {
    after?: Readonly<Record<string, Readonly<Record<string, T>>>>;
    before?: Readonly<Record<string, Readonly<Record<string, T>>>>;
  },
): Record<string, T> {
  for (const name of [...Object.keys(beside.after ?? {}), ...Object.keys(beside.before ?? {})]) {
    if (!(name in properties)) throw new Error(`No property ${name} to place others beside.`);
  }
  const placed: Record<string, T> = {};
  for (const [name, property] of Object.entries(properties)) {
    Object.assign(placed, beside.before?.[name] ?? {});
    placed[name] = property;
    Object.assign(placed, beside.after?.[name] ?? {});
  }
  return placed;
}

/** The relationships a write may set. */
export function writeRelationshipsSchema(fields: Fields) {
  return Type.Object(
    Object.fromEntries(
      Object.values(fields)
        .filter((f) => f.relationship && f.writable)
        .map((f) => {
          const { name, type } = f.relationship!;
          const options = {
            ...described(f, true),
            ...(f.limits?.maxItems ? { maxItems: f.limits.maxItems } : {}),
          };
          return [
            name,
            Type.Optional(
              f.type === 'id_list'
                ? ToMany(type, options)
                : ToOne(type, { nullable: f.nullable, ...options }),
            ),
          ];
        }),
    ),
    Closed,
  );
}

/** A value's attributes, by the fields' names and in their order (`custom_fields` as the schema's). */
export function attributesOf(fields: Fields, value: object, custom?: unknown): Record<string, unknown> {
  const source = value as Record<string, unknown>;
  return inOrder(fields, (f) => source[camelName(f.name)], custom);
}

/** A value's relationships, as resource identifiers. */
export function relationshipsOf(
  fields: Fields,
  value: object,
): Record<string, { data: ResourceIdentifier | ResourceIdentifier[] | null }> {
  const source = value as Record<string, unknown>;
  const made: Record<string, { data: ResourceIdentifier | ResourceIdentifier[] | null }> = {};
  for (const f of Object.values(fields)) {
    if (!f.relationship) continue;
    const { name, type } = f.relationship;
    const ids = source[camelName(f.name)];
    made[name] = {
      data: Array.isArray(ids)
        ? (ids as string[]).map((id) => ({ type, id }))
        : typeof ids === 'string'
          ? { type, id: ids }
          : null,
    };
  }
  return made;
}

/**
 * A write document's attributes and relationships as the command's input: each field the document
 * names, by its camelCase name (a relationship: the id, or ids, it names; null when cleared).
 */
export function inputOf(
  fields: Fields,
  data: { attributes?: Record<string, unknown>; relationships?: Record<string, unknown> },
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const f of Object.values(fields)) {
    if (!f.writable) continue;
    if (f.relationship) {
      const given = data.relationships?.[f.relationship.name] as { data: unknown } | undefined;
      if (given === undefined) continue;
      input[camelName(f.name)] = Array.isArray(given.data)
        ? (given.data as Array<{ id: string }>).map((item) => item.id)
        : ((given.data as { id: string } | null)?.id ?? null);
    } else if (data.attributes && f.name in data.attributes) {
      input[camelName(f.name)] = data.attributes[f.name];
    }
  }
  return input;
}
