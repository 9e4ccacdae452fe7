/**
 * `fetch` answered by `app.inject`: requests go through the whole Fastify pipeline (hooks,
 * parsers, serializers, error handler) without a socket. Redirects are followed on the same
 * origin unless `redirect: 'manual'`, as fetch does.
 */
import type { App } from '../../src/app.js';

type Fetch = typeof fetch;

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  const record: Record<string, string> = {};
  new Headers(headers).forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

function bodyOf(body: RequestInit['body']): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new Error('injectFetch: unsupported body type');
}

export function injectFetch(app: App, origin: string): Fetch {
  const once = async (url: URL, init: RequestInit): Promise<Response> => {
    const headers = headerRecord(init.headers);
    const payload = bodyOf(init.body);
    if (typeof init.body === 'string' || init.body instanceof URLSearchParams) {
      headers['content-type'] ??=
        init.body instanceof URLSearchParams
          ? 'application/x-www-form-urlencoded;charset=UTF-8'
          : 'text/plain;charset=UTF-8';
    }
    const reply = await app.inject({
      method: (init.method ?? 'GET').toUpperCase() as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) {
      for (const item of [value].flat()) if (item !== undefined) responseHeaders.append(name, String(item));
    }
    const body = NULL_BODY_STATUSES.has(reply.statusCode) ? null : reply.rawPayload;
    const response = new Response(body, { status: reply.statusCode, headers: responseHeaders });
    Object.defineProperty(response, 'url', { value: url.href });
    return response;
  };

  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    if (input instanceof Request) throw new Error('injectFetch: pass a URL and init');
    let url = new URL(String(input), origin);
    let request = init;
    for (let hops = 0; ; hops++) {
      if (url.origin !== new URL(origin).origin) return fetch(url, request);
      const response = await once(url, request);
      const location = response.headers.get('location');
      if (request.redirect === 'manual' || !REDIRECTS.has(response.status) || !location || hops >= 20) {
        return response;
      }
      url = new URL(location, url);
      const keepMethod = response.status === 307 || response.status === 308;
      request = keepMethod ? request : { ...request, method: 'GET', body: undefined };
    }
  }) as Fetch;
}
