/**
 * `events.list` and `events.get` (GET /v2/events, crm_read): the organization's change events for
 * an integration that polls, in the same shape webhook deliveries have (`type`, where the API
 * resource says `event_type`). Newest first unless `sort: 'created_at'`.
 */
import type { DateTimeInput } from './inputs.js';
import type { ListDocument, ResourceObject, SingleDocument } from './jsonapi.js';
import type { EventOfType, EventType, MarqueeEvent } from './events.js';
import { listQuery, PagedList } from './paged-list.js';
import type { Requester } from './resource-client.js';

/** A time bound on `created_at`: exclusive (`gt`, `lt`) or inclusive (`gteq`, `lteq`). */
export interface CreatedAtFilter {
  gt?: DateTimeInput;
  gteq?: DateTimeInput;
  lt?: DateTimeInput;
  lteq?: DateTimeInput;
}

export interface EventListOptions<T extends EventType = EventType> {
  pageSize?: number;
  /** `-created_at` (newest first, the default) or `created_at` (oldest first, for catching up). */
  sort?: 'created_at' | '-created_at';
  /** One type, any of several, or `{eq}` / `{in}`. */
  type?: T | readonly T[] | { eq?: T; in?: readonly T[] };
  created_at?: CreatedAtFilter;
  /** Overrides the client's organization for this call. */
  organizationId?: string;
}

export interface EventsClient {
  list<T extends EventType = EventType>(options?: EventListOptions<T>): PagedList<EventOfType<T>>;
  get(id: string, options?: { organizationId?: string }): Promise<MarqueeEvent>;
}

interface EventAttributes {
  event_type: string;
  organization_id: string;
  created_at: string;
  data: MarqueeEvent['data'];
}

/** The API resource as the event a delivery carries. */
export function eventFromResource(resource: ResourceObject): MarqueeEvent {
  const attributes = resource.attributes as unknown as EventAttributes;
  return {
    id: resource.id,
    type: attributes.event_type,
    created_at: attributes.created_at,
    organization_id: attributes.organization_id,
    data: attributes.data,
  } as MarqueeEvent;
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

export function eventsClient(api: Requester): EventsClient {
  return {
    list: <T extends EventType>(options: EventListOptions<T> = {}) =>
      new PagedList<EventOfType<T>>(async (after) => {
        const { type, created_at, ...rest } = options;
        const query = listQuery({ ...rest, type, created_at: createdAtQuery(created_at) }, after);
        const { body } = await api.request<ListDocument>('GET', '/v2/events', {
          query,
          organizationId: options.organizationId,
        });
        return {
          items: body.data.map((r) => eventFromResource(r) as EventOfType<T>),
          hasMore: body.meta.has_more,
          afterCursor: body.meta.after_cursor,
        };
      }),
    get: async (id, options = {}) => {
      const { body } = await api.request<SingleDocument>('GET', `/v2/events/${encodeURIComponent(id)}`, {
        organizationId: options.organizationId,
      });
      return eventFromResource(body.data);
    },
  };
}
