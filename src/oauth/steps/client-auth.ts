/**
 * Client authentication at the token, revocation and introspection endpoints (RFC 6749 §2.3.1):
 * `client_secret_basic` (HTTP Basic, each part form-urlencoded) or `client_secret_post` (both
 * values in the body). Using both at once is refused (§2.3: one method per request). Secrets are
 * compared as SHA-256 hashes in constant time; failures are throttled per client id and address.
 * An integration made without a secret (an app that cannot keep one, RFC 8252 §8.4) sends its
 * client_id alone (`none`, RFC 7591 §2) and nothing else: a secret sent for it is refused, and an
 * integration with a secret never authenticates without it.
 */
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../../app-context.js';
import type { Clock } from '../../clock.js';
import type { Integration } from '../../integrations/integration.repository.js';
import { findClient } from '../cached-lookups.js';
import { credentialMatches } from '../../security/credentials.js';
import { invalidClient, invalidRequest, tooManyFailures } from '../errors.js';
import { FailureThrottle } from '../../security/failure-throttle.js';

export interface ClientCredentials {
  clientId: string;
  /** Absent when the client sent its client_id alone (`none`). */
  clientSecret: string | undefined;
  method: 'client_secret_basic' | 'client_secret_post' | 'none';
}

function formDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

function fromBasicHeader(header: string): ClientCredentials {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  if (colon < 1)
    throw invalidClient('The Authorization header is not valid HTTP Basic client authentication.');
  try {
    return {
      clientId: formDecode(decoded.slice(0, colon)),
      clientSecret: formDecode(decoded.slice(colon + 1)),
      method: 'client_secret_basic',
    };
  } catch {
    throw invalidClient('The Basic credentials are not form-urlencoded.');
  }
}

export function readClientCredentials(
  authorization: string | undefined,
  body: { client_id?: string; client_secret?: string },
): ClientCredentials {
  if (authorization !== undefined && authorization !== '') {
    if (body.client_secret !== undefined) {
      throw invalidRequest(
        'Authenticate the client one way: HTTP Basic or client_secret in the body, not both.',
      );
    }
    const basic = fromBasicHeader(authorization);
    if (body.client_id !== undefined && body.client_id !== basic.clientId) {
      throw invalidRequest('client_id in the body differs from the one in the Authorization header.');
    }
    return basic;
  }
  if (!body.client_id) {
    throw invalidClient('Client authentication is required: client_id and client_secret, or HTTP Basic.');
  }
  if (body.client_secret === undefined)
    return { clientId: body.client_id, clientSecret: undefined, method: 'none' };
  return { clientId: body.client_id, clientSecret: body.client_secret, method: 'client_secret_post' };
}

/**
 * Failed authentications wait per (client id, address): a stranger guessing a public client id's
 * secret slows only their own address, never the real client elsewhere. Ten failures are free,
 * then waits of 15 s doubling to 15 min. A wider net per address (fifty free, then a minute
 * doubling to an hour) slows client-id enumeration from one address.
 */
export interface ClientAuthThrottle {
  perClientAndAddress: FailureThrottle;
  perAddress: FailureThrottle;
}

export function clientAuthThrottle(clock: Clock): ClientAuthThrottle {
  return {
    perClientAndAddress: new FailureThrottle(
      { freeFailures: 10, firstDelaySeconds: 15, maxDelaySeconds: 15 * 60, forgetAfterSeconds: 3600 },
      clock,
    ),
    perAddress: new FailureThrottle(
      { freeFailures: 50, firstDelaySeconds: 60, maxDelaySeconds: 3600, forgetAfterSeconds: 6 * 3600 },
      clock,
    ),
  };
}

/** Whether the credentials are the integration's: its secret, or its client_id alone when it has none. */
function authenticates(integration: Integration, credentials: ClientCredentials): boolean {
  if (integration.authMethod === 'none') return credentials.method === 'none';
  return (
    credentials.clientSecret !== undefined &&
    credentialMatches(credentials.clientSecret, integration.clientSecretHash)
  );
}

export async function authenticateClient(
  ctx: RequestContext,
  throttle: ClientAuthThrottle,
  request: FastifyRequest,
  body: { client_id?: string; client_secret?: string },
): Promise<Integration> {
  const credentials = readClientCredentials(request.headers.authorization, body);
  const pairKey = JSON.stringify([credentials.clientId, request.ip]);
  const addressKey = request.ip;
  const wait = Math.max(
    throttle.perClientAndAddress.retryAfter(pairKey),
    throttle.perAddress.retryAfter(addressKey),
  );
  if (wait > 0) {
    ctx.app.metrics.clientAuthFailures.inc({ reason: 'throttled' });
    throw tooManyFailures(wait);
  }
  // Failures are counted after the check: counting up front would make a busy client's parallel
  // successful requests refuse each other.
  const integration = await findClient(ctx, credentials.clientId);
  if (!integration || !authenticates(integration, credentials)) {
    throttle.perClientAndAddress.recordFailure([pairKey]);
    throttle.perAddress.recordFailure([addressKey]);
    ctx.app.metrics.clientAuthFailures.inc({ reason: 'wrong_credentials' });
    throw invalidClient(
      credentials.method === 'none'
        ? 'Client authentication is required: client_id and client_secret, or HTTP Basic.'
        : 'Client authentication failed: unknown client or wrong secret.',
    );
  }
  return integration;
}
