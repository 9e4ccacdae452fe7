/**
 * What `/mcp` refuses before any JSON-RPC is read (SPEC §16, hardening):
 * - **DNS rebinding** (MCP Streamable HTTP transport, security warning): a web page whose name an
 *   attacker points at this server's address makes the browser send the attacker's name as
 *   `Host` and the page's origin as `Origin`. So `Origin`, when sent, must be this server's own
 *   (BASE_URL's), and `Host` must name this server: BASE_URL's host, or a loopback host, which a
 *   reverse proxy on the same machine may send and which no rebinding can produce (the browser
 *   sends the name it resolved, never a loopback literal it did not). Behind a proxy that
 *   TRUST_PROXY names, its X-Forwarded-Host is the host asked for. Anything else: 403.
 * - **JSON-RPC batches**: revision 2025-06-18 removed them, and a batch of a hundred calls in one
 *   POST would count once against the rate limits. Refused whole (400, Invalid Request), nothing run.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** JSON-RPC's "Invalid Request", and the code the SDK answers transport refusals with. */
const INVALID_REQUEST = -32600;
const TRANSPORT_REFUSAL = -32000;

function rpcError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .send({ jsonrpc: '2.0', error: { code, message }, id: null });
}

const LOOPBACK_HOSTNAME = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** A Host value as URL's `host` has it (lower case, a scheme's default port left out), or undefined. */
function normalHost(host: string, protocol: string): string | undefined {
  try {
    const url = new URL(`${protocol}//${host}`);
    return url.username || url.password || url.pathname !== '/' ? undefined : url.host;
  } catch {
    return undefined;
  }
}

export function hostAllowed(host: string | undefined, baseUrl: string): boolean {
  const base = new URL(baseUrl);
  if (!host) return false;
  const asked = normalHost(host, base.protocol);
  if (asked === undefined) return false;
  return asked === base.host || LOOPBACK_HOSTNAME.test(new URL(`${base.protocol}//${asked}`).hostname);
}

export function originAllowed(origin: string | undefined, baseUrl: string): boolean {
  return origin === undefined || origin.toLowerCase() === new URL(baseUrl).origin.toLowerCase();
}

/** An onRequest hook: 403 for a request that another site's page could have sent. */
export function refuseRebinding(config: Config) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!originAllowed(request.headers.origin, config.baseUrl))
      return rpcError(
        reply,
        403,
        TRANSPORT_REFUSAL,
        'Forbidden: requests from other sites’ pages are refused.',
      );
    if (!hostAllowed(request.host, config.baseUrl))
      return rpcError(reply, 403, TRANSPORT_REFUSAL, 'Forbidden: the Host header does not name this server.');
    return undefined;
  };
}

/** A batch (a JSON array), refused whole: true when the reply has been sent. */
export function refusedBatch(body: unknown, reply: FastifyReply): boolean {
  if (!Array.isArray(body)) return false;
  void rpcError(
    reply,
    400,
    INVALID_REQUEST,
    'Invalid Request: JSON-RPC batches are not accepted (MCP 2025-06-18 removed them); send one message per request.',
  );
  return true;
}
