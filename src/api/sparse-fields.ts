/**
 * Sparse fieldsets (JSON:API 1.1 §"Sparse Fieldsets"): `fields[TYPE]=a,b` narrows the attributes
 * and relationships of every resource of that type in the document, primary or included; `type`
 * and `id` (and `links`) always stay. An empty value keeps no fields. A field name the type does
 * not have is a 400 naming the parameter, never silently ignored.
 */
import { type TObject, type TSchema, Type } from 'typebox';
import { BadRequestError } from '../errors.js';
import type { Resource } from './jsonapi.js';

/** The fields each requested type keeps. */
export type Fieldsets = ReadonlyMap<string, ReadonlySet<string>>;

const FIELDS_PARAMETER = /^fields\[([a-z_]+)\]$/;

interface ResourceSchemaParts {
  attributes: TObject;
  relationships: TObject | undefined;
}

function partsOf(schema: TSchema): ResourceSchemaParts {
  const properties = (schema as TObject).properties as Record<string, TObject | undefined>;
  return { attributes: properties.attributes!, relationships: properties.relationships };
}

/** The attribute and relationship names of a resource schema (src/api/jsonapi.ts resourceSchema). */
export function fieldNames(schema: TSchema): string[] {
  const { attributes, relationships } = partsOf(schema);
  return [...Object.keys(attributes.properties), ...Object.keys(relationships?.properties ?? {})];
}

/** The types a resource's relationships point to, as its schema documents them. */
export function relatedTypes(schema: TSchema): string[] {
  const { relationships } = partsOf(schema);
  const types = new Set<string>();
  for (const relationship of Object.values(relationships?.properties ?? {}) as TObject[]) {
    const data = relationship.properties.data as TSchema & {
      items?: TObject;
      properties?: TObject['properties'];
    };
    const identifier = (data.items?.properties ?? data.properties) as Record<string, { examples?: string[] }>;
    for (const type of identifier.type?.examples?.[0]?.split(' | ') ?? []) types.add(type);
  }
  return [...types];
}

/** `fields[TYPE]` query parameters for a resource and the types it can include. */
export function fieldsQueryProperties(type: string, schema: TSchema): Record<string, TSchema> {
  const types = [type, ...relatedTypes(schema).filter((t) => t !== type)];
  return Object.fromEntries(
    types.map((t) => [
      `fields[${t}]`,
      Type.Optional(
        Type.String({
          maxLength: 1000,
          description: `Comma-separated attributes and relationships of ${t} to return (id and type always come)`,
        }),
      ),
    ]),
  );
}

/**
 * The fieldsets of a request, checked against each type's fields (`fieldsOf` gives them, or
 * undefined for a type the API does not know); undefined when the request names none.
 */
export function parseFieldsets(
  query: Readonly<Record<string, string | undefined>>,
  fieldsOf: (type: string) => readonly string[] | undefined,
): Fieldsets | undefined {
  let fieldsets: Map<string, Set<string>> | undefined;
  for (const parameter in query) {
    const match = FIELDS_PARAMETER.exec(parameter);
    const raw = query[parameter];
    if (!match || raw === undefined) continue;
    const type = match[1]!;
    const known = fieldsOf(type);
    if (!known)
      throw new BadRequestError(`Unknown resource type "${type}".`, { parameter }, 'invalid_fields');
    const names = new Set(
      raw
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    );
    for (const name of names) {
      if (!known.includes(name)) {
        throw new BadRequestError(
          `${type} has no field "${name}"; choose from ${known.join(', ')}.`,
          { parameter },
          'invalid_fields',
        );
      }
    }
    (fieldsets ??= new Map()).set(type, names);
  }
  return fieldsets;
}

function pick<Value>(members: Record<string, Value>, keep: ReadonlySet<string>): Record<string, Value> {
  const picked: Record<string, Value> = {};
  for (const name in members) if (keep.has(name)) picked[name] = members[name]!;
  return picked;
}

/** The resource with only the fields its type's fieldset keeps (as it is without one). */
export function sparse(resource: Resource, fieldsets: Fieldsets | undefined): Resource {
  const keep = fieldsets?.get(resource.type);
  if (!keep) return resource;
  const narrowed: Resource = {
    type: resource.type,
    id: resource.id,
    attributes: pick(resource.attributes, keep),
  };
  const relationships = resource.relationships ? pick(resource.relationships, keep) : {};
  if (Object.keys(relationships).length > 0) narrowed.relationships = relationships;
  if (resource.links) narrowed.links = resource.links;
  return narrowed;
}

/** The fieldsets in a canonical form, for ETags. */
export function fieldsetsKey(fieldsets: Fieldsets): string {
  return [...fieldsets]
    .map(([type, names]) => `${type}=${[...names].sort().join(',')}`)
    .sort()
    .join('&');
}

/**
 * The schema a sparse resource is serialized by: the resource's, with every attribute and
 * relationship optional. Routes document the full schema; this one only serializes.
 */
export function sparseResourceSchema(schema: TSchema): TObject {
  const { attributes, relationships } = partsOf(schema);
  const properties = (schema as TObject).properties;
  return Type.Object({
    ...properties,
    attributes: Type.Partial(attributes),
    ...(relationships ? { relationships: Type.Optional(Type.Partial(relationships)) } : {}),
  });
}
