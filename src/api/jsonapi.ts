/**
 * JSON:API 1.1 documents (jsonapi.org/format/1.1): the schemas that validate, serialize and
 * document every resource response, and the shape resources take in code.
 */
import { type Static, type TObject, type TSchema, Type } from 'typebox';

export { JSONAPI_MEDIA_TYPE } from '../http/jsonapi-media-type.js';

export interface ResourceIdentifier {
  type: string;
  id: string;
}

export interface Resource extends ResourceIdentifier {
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: ResourceIdentifier | null | ResourceIdentifier[] }>;
  links?: { self: string };
}

export const Identifier = Type.Object({ type: Type.String(), id: Type.String() });
/**
 * Nullable values are written as JSON Schema type arrays (`["string", "null"]`) rather than
 * anyOf: the serializer handles a type array directly, while anyOf makes it validate every value
 * against each branch at run time.
 */
export const Nullable = <T extends TSchema>(schema: T, description?: string) => {
  // An enum lists null too: JSON Schema checks `enum` besides `type`, so null would fail it.
  const values = (schema as unknown as { enum?: unknown[] }).enum;
  return Type.Unsafe<Static<T> | null>({
    ...schema,
    type: [(schema as unknown as { type: string }).type, 'null'],
    ...(values ? { enum: [...values, null] } : {}),
    ...(description ? { description } : {}),
  });
};

/** A string with fixed values, as `enum` (no per-value anyOf at serialization). */
export const StringEnum = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

const RelatedIdentifier = (type: string) =>
  Type.Object({ type: Type.String({ examples: [type] }), id: Type.String() });

/** A to-one relationship names its target type; a to-many one, the type in a list: `['spaces']`. */
const Relationship = (target: string | readonly [string]) =>
  typeof target === 'string'
    ? Type.Object({ data: Nullable(RelatedIdentifier(target)) })
    : Type.Object({ data: Type.Array(RelatedIdentifier(target[0])) });

export function resourceSchema(
  type: string,
  attributes: TObject,
  relationships: Record<string, string | readonly [string]> = {},
) {
  return Type.Object({
    type: Type.Literal(type),
    id: Type.String(),
    attributes,
    ...(Object.keys(relationships).length > 0
      ? {
          relationships: Type.Object(
            Object.fromEntries(
              Object.entries(relationships).map(([name, target]) => [name, Relationship(target)]),
            ),
          ),
        }
      : {}),
    links: Type.Optional(Type.Object({ self: Type.String({ format: 'uri' }) })),
  });
}

/** Any resource, for `included` (which mixes types). */
export const AnyResource = Type.Object({
  type: Type.String(),
  id: Type.String(),
  attributes: Type.Object({}, { additionalProperties: true }),
  relationships: Type.Optional(Type.Object({}, { additionalProperties: true })),
  links: Type.Optional(Type.Object({ self: Type.String() })),
});

export function singleDocument(resource: TSchema) {
  return Type.Object({
    data: resource,
    included: Type.Optional(Type.Array(AnyResource)),
    links: Type.Object({ self: Type.String() }),
  });
}

export const PageMeta = Type.Object({
  has_more: Type.Boolean({
    description: 'Whether more items exist beyond this page in the direction of paging',
  }),
  after_cursor: Nullable(Type.String(), 'Pass as page[after] for the next page'),
  before_cursor: Nullable(Type.String(), 'Pass as page[before] for the previous page'),
  incomplete_results: Type.Optional(
    Type.Boolean({
      description:
        'Present (true) when a filter[search] page stopped after examining as many rows as one request may: ' +
        'the page holds what was found so far (perhaps nothing), and its cursor goes on from where it stopped',
    }),
  ),
});

export function listDocument(resource: TSchema) {
  return Type.Object({
    data: Type.Array(resource),
    included: Type.Optional(Type.Array(AnyResource)),
    meta: PageMeta,
    links: Type.Object({
      self: Type.String(),
      next: Nullable(Type.String()),
      prev: Nullable(Type.String()),
    }),
  });
}

export const ErrorDocument = Type.Object({
  errors: Type.Array(
    Type.Object({
      status: Type.String(),
      code: Type.String(),
      title: Type.String(),
      detail: Type.String(),
      source: Type.Optional(
        Type.Object({
          pointer: Type.Optional(Type.String()),
          parameter: Type.Optional(Type.String()),
          header: Type.Optional(Type.String()),
        }),
      ),
    }),
  ),
  meta: Type.Object({
    request_id: Type.String(),
    errors_not_shown: Type.Optional(
      Type.Integer({ description: 'How many more errors the request had beyond the 100 shown' }),
    ),
  }),
});

/** The error responses every resource route may give. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, ErrorDocument]));
}

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO-8601, UTC' });
export const NullableString = (description?: string) => Nullable(Type.String(), description);
