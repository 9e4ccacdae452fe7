/** JSON:API documents to plain objects. */
interface ResourceObject {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { type: string; id: string } | null }>;
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

export function flatten<T>(resource: ResourceObject, included: readonly ResourceObject[] = []): T {
  const out: Record<string, unknown> = { id: resource.id, ...resource.attributes };
  for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
    const target = relationship.data;
    out[`${name}_id`] = target?.id ?? null;
    if (name === 'notable') out.notable_type = target?.type ?? null;
    const found = target && included.find((r) => r.type === target.type && r.id === target.id);
    if (found) out[name] = flatten(found, []);
  }
  return out as T;
}
