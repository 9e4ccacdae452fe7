/** JSON:API documents to plain objects. */
export interface ResourceIdentifier {
  type: string;
  id: string;
}

export interface ResourceObject extends ResourceIdentifier {
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: ResourceIdentifier | ResourceIdentifier[] | null }>;
}

export interface ListDocument {
  data: ResourceObject[];
  included?: ResourceObject[];
  meta: { has_more: boolean; after_cursor: string | null; before_cursor: string | null };
}

export interface SingleDocument {
  data: ResourceObject;
  included?: ResourceObject[];
}

/** `spaces` → `space`: the key of a to-many relationship's ids is `<singular>_ids`. */
const singular = (name: string) => (name.endsWith('s') ? name.slice(0, -1) : name);

/**
 * The resource's id and attributes, with `<name>_id` per to-one relationship (`notable_type`
 * too, as notables are of several types) and `<singular>_ids` per to-many relationship. Related
 * resources found in `included` are set under the relationship's name; a to-many relationship
 * named in `include` is set even when it holds nothing.
 */
export function flatten<T>(
  resource: ResourceObject,
  included: readonly ResourceObject[] = [],
  include: readonly string[] = [],
): T {
  const out: Record<string, unknown> = { id: resource.id, ...resource.attributes };
  const find = (target: ResourceIdentifier) =>
    included.find((r) => r.type === target.type && r.id === target.id);
  for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
    const target = relationship.data;
    if (Array.isArray(target)) {
      out[`${singular(name)}_ids`] = target.map((t) => t.id);
      const found = target.flatMap((t) => find(t) ?? []);
      if (found.length > 0 || include.includes(name)) out[name] = found.map((r) => flatten(r));
      continue;
    }
    out[`${name}_id`] = target?.id ?? null;
    if (name === 'notable') out.notable_type = target?.type ?? null;
    const found = target && find(target);
    if (found) out[name] = flatten(found);
  }
  return out as T;
}
