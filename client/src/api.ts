/**
 * The resource API for one token source (a user, or the integration itself) and, optionally, one
 * organization. Every call sends the bearer token and X-API-ORG; a 401 is answered by renewing
 * the token once and retrying.
 */
import { type HttpOptions, type HttpResponse, isInvalidToken, send } from './http.js';
import { flatten, type ListDocument, type SingleDocument } from './jsonapi.js';
import type { TokenSource } from './token-source.js';
import type {
  Account,
  AccountListOptions,
  Booking,
  BookingListOptions,
  Contact,
  ContactListOptions,
  FilterValue,
  ListOptions,
  Me,
  NotableType,
  Note,
  NoteListOptions,
} from './types.js';

export interface Page<T> {
  items: T[];
  hasMore: boolean;
  afterCursor: string | null;
}

/** Iterates every item of a list, fetching page after page by cursor. */
export class PagedList<T> implements AsyncIterable<T> {
  constructor(private readonly fetchPage: (after: string | undefined) => Promise<Page<T>>) {}

  firstPage(): Promise<Page<T>> {
    return this.fetchPage(undefined);
  }

  async *pages(): AsyncGenerator<Page<T>> {
    let after: string | undefined;
    for (;;) {
      const page = await this.fetchPage(after);
      yield page;
      if (!page.hasMore || !page.afterCursor) return;
      after = page.afterCursor;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for await (const page of this.pages()) yield* page.items;
  }

  async toArray(): Promise<T[]> {
    const all: T[] = [];
    for await (const item of this) all.push(item);
    return all;
  }
}

const RESERVED = new Set(['pageSize', 'sort', 'include', 'organizationId']);
const OPERATORS = new Set(['eq', 'not_eq', 'lt', 'lteq', 'gt', 'gteq', 'in', 'not_in', 'null', 'not_null']);

export function listQuery(
  options: ListOptions<string, string> & Record<string, unknown>,
  after?: string,
): URLSearchParams {
  const query = new URLSearchParams();
  if (options.pageSize) query.set('page[size]', String(options.pageSize));
  if (options.sort) query.set('sort', options.sort);
  if (options.include?.length) query.set('include', options.include.join(','));
  if (after) query.set('page[after]', after);
  for (const [field, value] of Object.entries(options)) {
    if (RESERVED.has(field) || value === undefined) continue;
    const filter = value as FilterValue<string>;
    if (Array.isArray(filter)) query.set(`filter[${field}][in]`, filter.join(','));
    else if (typeof filter === 'object' && filter !== null) {
      for (const [op, operand] of Object.entries(filter)) {
        if (!OPERATORS.has(op) || operand === undefined) continue;
        query.set(`filter[${field}][${op}]`, Array.isArray(operand) ? operand.join(',') : String(operand));
      }
    } else query.set(`filter[${field}][eq]`, String(filter));
  }
  return query;
}

export interface RequestOptions {
  query?: URLSearchParams;
  body?: unknown;
  headers?: Record<string, string>;
  organizationId?: string;
  /** Whether X-API-ORG is needed (all but /v2/me). */
  organization?: boolean;
}

export class MarqueeApi {
  readonly bookings;
  readonly accounts;
  readonly contacts;
  readonly notes;

  constructor(
    private readonly baseUrl: string,
    private readonly http: HttpOptions,
    private readonly tokens: TokenSource,
    private readonly organizationId?: string,
  ) {
    this.bookings = this.readable<Booking, BookingListOptions>('/v2/bookings');
    this.accounts = this.readable<Account, AccountListOptions>('/v2/accounts');
    this.contacts = this.readable<Contact, ContactListOptions>('/v2/contacts');
    this.notes = { ...this.readable<Note, NoteListOptions>('/notes'), ...this.noteWrites() };
  }

  /** The same client acting in another organization (sets X-API-ORG). */
  inOrganization(organizationId: string): MarqueeApi {
    return new MarqueeApi(this.baseUrl, this.http, this.tokens, organizationId);
  }

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    const organizationId = options.organizationId ?? this.organizationId;
    if (options.organization !== false && !organizationId) {
      throw new Error(
        'Say which organization to act in: inOrganization(id) or { organizationId } (see me()).',
      );
    }
    const url = `${this.baseUrl}${path}${options.query && [...options.query].length ? `?${options.query}` : ''}`;
    const attempt = (token: string) =>
      send<T>(this.http, {
        method,
        url,
        body: options.body,
        headers: {
          authorization: `Bearer ${token}`,
          ...(options.organization !== false && organizationId ? { 'x-api-org': organizationId } : {}),
          ...options.headers,
        },
      });
    const token = await this.tokens.accessToken();
    try {
      return await attempt(token);
    } catch (error) {
      if (!isInvalidToken(error)) throw error;
      return attempt(await this.tokens.renew(token));
    }
  }

  async me(): Promise<Me> {
    const { body } = await this.request<{
      data: { id: string; attributes: { email: string; name: string } };
      meta: Omit<Me, 'user'>;
    }>('GET', '/v2/me', { organization: false });
    return { user: { id: body.data.id, ...body.data.attributes }, ...body.meta };
  }

  private readable<T, Options extends ListOptions<string, string>>(path: string) {
    return {
      list: (options: Options = {} as Options): PagedList<T> =>
        new PagedList(async (after) => {
          const { body } = await this.request<ListDocument>('GET', path, {
            query: listQuery(options as Options & Record<string, unknown>, after),
            organizationId: options.organizationId,
          });
          return {
            items: body.data.map((r) => flatten<T>(r, body.included)),
            hasMore: body.meta.has_more,
            afterCursor: body.meta.after_cursor,
          };
        }),
      get: async (
        id: string,
        options: { include?: readonly string[]; organizationId?: string } = {},
      ): Promise<T> => {
        const query = new URLSearchParams(
          options.include?.length ? { include: options.include.join(',') } : {},
        );
        const response = await this.request<SingleDocument>('GET', `${path}/${encodeURIComponent(id)}`, {
          query,
          organizationId: options.organizationId,
        });
        const item = flatten<T>(response.body.data, response.body.included) as T & { etag?: string };
        const etag = response.headers.get('etag');
        if (etag && path === '/notes') item.etag = etag;
        return item;
      },
    };
  }

  private noteWrites() {
    const withEtag = (response: HttpResponse<SingleDocument>): Note => ({
      ...flatten<Note>(response.body.data),
      ...(response.headers.get('etag') ? { etag: response.headers.get('etag')! } : {}),
    });
    return {
      /** Sends an Idempotency-Key, so a retried create never makes a second note. */
      create: async (
        note: { body: string; notable: { type: NotableType; id: string } },
        options: { idempotencyKey?: string; organizationId?: string } = {},
      ): Promise<Note> =>
        withEtag(
          await this.request<SingleDocument>('POST', '/notes', {
            organizationId: options.organizationId,
            headers: { 'idempotency-key': options.idempotencyKey ?? globalThis.crypto.randomUUID() },
            body: {
              data: {
                type: 'notes',
                attributes: { body: note.body },
                relationships: { notable: { data: note.notable } },
              },
            },
          }),
        ),
      update: async (
        id: string,
        changes: { body: string },
        options: { ifMatch?: string; organizationId?: string } = {},
      ): Promise<Note> =>
        withEtag(
          await this.request<SingleDocument>('PATCH', `/notes/${encodeURIComponent(id)}`, {
            organizationId: options.organizationId,
            headers: options.ifMatch ? { 'if-match': options.ifMatch } : {},
            body: { data: { type: 'notes', id, attributes: changes } },
          }),
        ),
      delete: async (
        id: string,
        options: { ifMatch?: string; organizationId?: string } = {},
      ): Promise<void> => {
        await this.request('DELETE', `/notes/${encodeURIComponent(id)}`, {
          organizationId: options.organizationId,
          headers: options.ifMatch ? { 'if-match': options.ifMatch } : {},
        });
      },
    };
  }
}
