/**
 * `changes.list` and `changes.get` (GET /v2/changes, crm_read): the organization's changes for an
 * integration that polls, in the same shape webhook deliveries have (`type`, where the API
 * resource says `change_type`). Newest first unless `sort: 'created_at'`.
 */
import type { DateTimeInput } from './inputs.js';
import type { ListDocument, ResourceObject, SingleDocument } from './jsonapi.js';
import type { ChangeOfType, ChangeType, MarqueeChange } from './changes.js';
import { listQuery, PagedList } from './paged-list.js';
import type { Requester } from './resource-client.js';

/** A time bound on `created_at`: exclusive (`gt`, `lt`) or inclusive (`gteq`, `lteq`). */
export interface CreatedAtFilter {
  gt?: DateTimeInput;
  gteq?: DateTimeInput;
  lt?: DateTimeInput;
  lteq?: DateTimeInput;
}

export interface ChangeListOptions<T extends ChangeType = ChangeType> {
  pageSize?: number;
  /** `-created_at` (newest first, the default) or `created_at` (oldest first, for catching up). */
  sort?: 'created_at' | '-created_at';
  /** One type, any of several, or `{eq}` / `{in}`. */
  type?: T | readonly T[] | { eq?: T; in?: readonly T[] };
  created_at?: CreatedAtFilter;
  /** Overrides the client's organization for this call. */
  organizationId?: string;
}

export interface ChangesClient {
  list<T extends ChangeType = ChangeType>(options?: ChangeListOptions<T>): PagedList<ChangeOfType<T>>;
  get(id: string, options?: { organizationId?: string }): Promise<MarqueeChange>;
}

interface ChangeAttributes {
  change_type: string;
  organization_id: string;
  created_at: string;
  data: MarqueeChange['data'];
}

/** The API resource as the event a delivery carries. */
export function changeFromResource(resource: ResourceObject): MarqueeChange {
  const attributes = resource.attributes as unknown as ChangeAttributes;
  return {
    id: resource.id,
    type: attributes.change_type,
    created_at: attributes.created_at,
    organization_id: attributes.organization_id,
    data: attributes.data,
  } as MarqueeChange;
}

const iso = (value: DateTimeInput) => (value instanceof Date ? value.toISOString() : value);

function createdAtQuery(filter: CreatedAtFilter | undefined) {
  if (!filter) return undefined;
  const out: { [Op in keyof CreatedAtFilter]: string } = {};
  for (const op of ['gt', 'gteq', 'lt', 'lteq'] as const) {
    const value = filter[op];
    if (value !== undefined) out[op] = iso(value);
  }
  return out;
}

export function changesClient(api: Requester): ChangesClient {
  return {
    list: <T extends ChangeType>(options: ChangeListOptions<T> = {}) =>
      new PagedList<ChangeOfType<T>>(async (after) => {
        const { type, created_at, ...rest } = options;
        const query = listQuery({ ...rest, type, created_at: createdAtQuery(created_at) }, after);
        const { body } = await api.request<ListDocument>('GET', '/v2/changes', {
          query,
          organizationId: options.organizationId,
        });
        return {
          items: body.data.map((r) => changeFromResource(r) as ChangeOfType<T>),
          hasMore: body.meta.has_more,
          afterCursor: body.meta.after_cursor,
        };
      }),
    get: async (id, options = {}) => {
      const { body } = await api.request<SingleDocument>('GET', `/v2/changes/${encodeURIComponent(id)}`, {
        organizationId: options.organizationId,
      });
      return changeFromResource(body.data);
    },
  };
}
