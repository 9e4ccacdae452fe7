/**
 * The request documents of creates and updates (JSON:API 1.1 §9): `data` with the type, the
 * attributes and the relationships a client may set. Ids are the server's to assign; an update
 * names the id of the URL. Unknown members are refused, never ignored.
 */
import { type TObject, type TProperties, Type } from 'typebox';
import { Nullable } from './jsonapi.js';

const Closed = { additionalProperties: false } as const;
const RelatedId = Type.String({ minLength: 1, maxLength: 64 });

/** A to-one relationship in a request: `{data: {type, id}}`, or `{data: null}` when `nullable`. */
export function ToOne(type: string, options: { nullable?: boolean; description?: string } = {}) {
  const identifier = Type.Object({ type: Type.Literal(type), id: RelatedId }, Closed);
  return Type.Object(
    { data: options.nullable ? Nullable(identifier) : identifier },
    { ...Closed, ...(options.description ? { description: options.description } : {}) },
  );
}

/** A to-many relationship in a request: `{data: [{type, id}, …]}`, replacing the whole set. */
export function ToMany(type: string, options: { maxItems?: number; description?: string } = {}) {
  return Type.Object(
    {
      data: Type.Array(Type.Object({ type: Type.Literal(type), id: RelatedId }, Closed), {
        maxItems: options.maxItems ?? 20,
      }),
    },
    { ...Closed, ...(options.description ? { description: options.description } : {}) },
  );
}

/** A create: `data` with the type and the given members (attributes, relationships). */
export function createDocument<Members extends TProperties>(type: string, members: Members) {
  return Type.Object({
    data: Type.Object(
      {
        type: Type.Literal(type),
        id: Type.Optional(Type.String({ description: 'Not supported: the server assigns ids' })),
        ...members,
      },
      Closed,
    ),
  });
}

/** An update: `data` with the type, the id of the URL and the members to change. */
export function updateDocument<Members extends TProperties>(type: string, members: Members) {
  return Type.Object({
    data: Type.Object(
      { type: Type.Literal(type), id: Type.String({ description: 'The id in the URL' }), ...members },
      Closed,
    ),
  });
}

/** Members of an update: any subset of the create's, or none. */
export function changes<Properties extends TProperties>(object: TObject<Properties>) {
  // Partial drops additionalProperties; an update refuses unknown members as a create does.
  return Type.Optional(Type.Partial(object, { additionalProperties: false }));
}

/** A to-one relationship of a request as the id it names: undefined when absent, null when cleared. */
export function relatedId(
  relationship: { data: { id: string } | null } | undefined,
): string | null | undefined {
  if (relationship === undefined) return undefined;
  return relationship.data === null ? null : relationship.data.id;
}

/** A to-many relationship of a request as the ids it names, undefined when absent. */
export function relatedIds(
  relationship: { data: ReadonlyArray<{ id: string }> } | undefined,
): string[] | undefined {
  return relationship?.data.map((item) => item.id);
}
