/** Writing venue data through the API in tests: documents, and a caller bound to one token. */
import assert from 'node:assert/strict';
import type { TestServer } from './app.js';
import { type ApiResponse, call, type CallOptions } from './api.js';

export interface ErrorBody {
  errors: Array<{
    status: string;
    code: string;
    detail: string;
    source?: { pointer?: string; header?: string; parameter?: string };
  }>;
}

export interface ResourceBody {
  data: {
    type: string;
    id: string;
    attributes: Record<string, unknown>;
    relationships?: Record<
      string,
      { data: { type: string; id: string } | null | Array<{ type: string; id: string }> }
    >;
  };
}

/** A resource of a response, as the event tests read it. */
export interface Resource {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, { data: { id: string } | Array<{ id: string }> | null }>;
}
export interface One {
  data: Resource;
}
export interface Many {
  data: Resource[];
  included?: Resource[];
}
export type Errors = ErrorBody;

export type Api = <T = ResourceBody>(path: string, options?: CallOptions) => Promise<ApiResponse<T>>;

export function apiFor(server: TestServer, token: string, org: string): Api {
  return (path, options = {}) => call(server, path, { token, org, ...options });
}

const one = (type: string, id: string | null) => ({ data: id === null ? null : { type, id } });

export function spaceDocument(attributes: Record<string, unknown>) {
  return { data: { type: 'spaces', attributes } };
}

export function accountDocument(
  attributes: Record<string, unknown>,
  relationships: Record<string, unknown> = {},
) {
  return { data: { type: 'accounts', attributes, relationships } };
}

export function contactDocument(attributes: Record<string, unknown>, accountId?: string | null) {
  return {
    data: {
      type: 'contacts',
      attributes,
      ...(accountId !== undefined ? { relationships: { account: one('accounts', accountId) } } : {}),
    },
  };
}

export interface BookingFields {
  name?: string;
  status?: string;
  start_at?: string;
  end_at?: string;
  timezone?: string;
  guest_count?: number | null;
  currency?: string;
  total_amount?: number;
  lost_reason?: string | null;
  event_type?: string | null;
}

export function bookingDocument(
  accountId: string | undefined,
  attributes: BookingFields,
  related: { spaces?: string[]; contact?: string | null; owner?: string | null } = {},
) {
  return {
    data: {
      type: 'bookings',
      attributes: {
        name: 'Summer party',
        start_at: '2027-06-01T18:00:00Z',
        end_at: '2027-06-01T23:00:00Z',
        ...attributes,
      },
      relationships: {
        ...(accountId !== undefined ? { account: one('accounts', accountId) } : {}),
        ...(related.spaces ? { spaces: { data: related.spaces.map((id) => ({ type: 'spaces', id })) } } : {}),
        ...(related.contact !== undefined ? { contact: one('contacts', related.contact) } : {}),
        ...(related.owner !== undefined ? { owner: one('users', related.owner) } : {}),
      },
    },
  };
}

/** A POST /v2/events document: an event of the booking, in the spaces given. */
export function eventDocument(bookingId: string, attributes: Record<string, unknown>, spaces: string[] = []) {
  return {
    data: {
      type: 'events',
      attributes: {
        name: 'Dinner',
        start_at: '2027-06-01T18:00:00Z',
        end_at: '2027-06-01T23:00:00Z',
        ...attributes,
      },
      relationships: {
        booking: one('bookings', bookingId),
        spaces: { data: spaces.map((id) => ({ type: 'spaces', id })) },
      },
    },
  };
}

export function changeDocument(
  type: string,
  id: string,
  attributes: Record<string, unknown> = {},
  relationships?: Record<string, unknown>,
) {
  return { data: { type, id, attributes, ...(relationships ? { relationships } : {}) } };
}

/** POSTs and returns the created resource's id, failing with the response when it was not a 201. */
export async function created(api: Api, path: string, body: unknown): Promise<string> {
  const response = await api(path, { method: 'POST', body });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body.data.id;
}

/** The pointers of an error response, for asserting which fields were refused. */
export function pointers(body: unknown): Array<string | undefined> {
  return (body as ErrorBody).errors.map((e) => e.source?.pointer);
}

/** Each problem of an error response as [pointer, code], in the order of their pointers. */
export function problemsAt(body: ErrorBody): Array<[string | undefined, string]> {
  return body.errors
    .map((e): [string | undefined, string] => [e.source?.pointer, e.code])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}
