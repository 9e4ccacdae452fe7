/**
 * One resource's calls, alike for every type: `list` and `get` (plain objects, with the ETag on
 * single reads), and `create` (always with an Idempotency-Key, so a retried create never makes a
 * second resource), `update` and `delete` (with `ifMatch`).
 */
import type { HttpResponse } from './http.js';
import type { ChangeOptions, CreateOptions } from './inputs.js';
import { flatten, type ListDocument, type SingleDocument } from './jsonapi.js';
import type { ListOptions } from './list-options.js';
import { listQuery, PagedList } from './paged-list.js';
import { createDocument, updateDocument, type WriteShape } from './write-documents.js';

export interface RequestOptions {
  query?: URLSearchParams;
  body?: unknown;
  headers?: Record<string, string>;
  organizationId?: string;
  /** Whether X-API-ORG is needed (all but /v2/me). */
  organization?: boolean;
  /** The answer's bytes (a PDF) rather than a JSON document. */
  bytes?: boolean;
}

export interface Requester {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<HttpResponse<T>>;
}

type IncludeOf<Options> = Options extends ListOptions<string, infer Include> ? Include : never;

export interface ResourceReader<T, Options extends ListOptions<string, string>> {
  list(options?: Options): PagedList<T>;
  get(id: string, options?: { include?: readonly IncludeOf<Options>[]; organizationId?: string }): Promise<T>;
}

export interface ResourceWriter<T, New, Changes> {
  /** Sends an Idempotency-Key, so a retried create never makes a second one. */
  create(input: New, options?: CreateOptions): Promise<T>;
  update(id: string, changes: Changes, options?: ChangeOptions): Promise<T>;
  delete(id: string, options?: ChangeOptions): Promise<void>;
}

export type ResourceClient<T, Options extends ListOptions<string, string>, New, Changes> = ResourceReader<
  T,
  Options
> &
  ResourceWriter<T, New, Changes>;

/**
 * The resource of a single document, with the response's ETag. A document with included
 * resources has an ETag that covers them too, which If-Match never matches: it is left out.
 */
function single<T>(response: HttpResponse<SingleDocument>, include: readonly string[] = []): T {
  const etag = include.length === 0 ? response.headers.get('etag') : null;
  return {
    ...flatten<T>(response.body.data, response.body.included, include),
    ...(etag ? { etag } : {}),
  } as T;
}

const ifMatch = (options: ChangeOptions): Record<string, string> =>
  options.ifMatch ? { 'if-match': options.ifMatch } : {};

export function resourceReader<T, Options extends ListOptions<string, string>>(
  api: Requester,
  path: string,
): ResourceReader<T, Options> {
  return {
    list: (options = {} as Options) =>
      new PagedList(async (after) => {
        const { body } = await api.request<ListDocument>('GET', path, {
          query: listQuery(options as Options & Record<string, unknown>, after),
          organizationId: options.organizationId,
        });
        return {
          items: body.data.map((r) => flatten<T>(r, body.included, options.include)),
          hasMore: body.meta.has_more,
          afterCursor: body.meta.after_cursor,
        };
      }),
    get: async (id, options = {}) => {
      const query = new URLSearchParams(
        options.include?.length ? { include: options.include.join(',') } : {},
      );
      const response = await api.request<SingleDocument>('GET', `${path}/${encodeURIComponent(id)}`, {
        query,
        organizationId: options.organizationId,
      });
      return single<T>(response, options.include);
    },
  };
}

export function resourceWriter<T, New extends object, Changes extends object>(
  api: Requester,
  path: string,
  shape: WriteShape,
): ResourceWriter<T, New, Changes> {
  const at = (id: string) => `${path}/${encodeURIComponent(id)}`;
  return {
    create: async (input, options = {}) =>
      single<T>(
        await api.request<SingleDocument>('POST', path, {
          organizationId: options.organizationId,
          headers: { 'idempotency-key': options.idempotencyKey ?? globalThis.crypto.randomUUID() },
          body: createDocument(shape, input),
        }),
      ),
    update: async (id, changes, options = {}) =>
      single<T>(
        await api.request<SingleDocument>('PATCH', at(id), {
          organizationId: options.organizationId,
          headers: ifMatch(options),
          body: updateDocument(shape, id, changes),
        }),
      ),
    delete: async (id, options = {}) => {
      await api.request('DELETE', at(id), {
        organizationId: options.organizationId,
        headers: ifMatch(options),
      });
    },
  };
}

export function resourceClient<
  T,
  Options extends ListOptions<string, string>,
  New extends object,
  Changes extends object,
>(api: Requester, path: string, shape: WriteShape): ResourceClient<T, Options, New, Changes> {
  return { ...resourceReader<T, Options>(api, path), ...resourceWriter<T, New, Changes>(api, path, shape) };
}
