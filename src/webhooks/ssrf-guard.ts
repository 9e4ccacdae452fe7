/**
 * Webhooks must not become a way into private networks (SPEC §8, server-side request forgery):
 * an endpoint's URL must be https and its host must resolve only to public addresses — not
 * loopback, private, link-local (cloud metadata lives there), carrier-grade NAT, unique-local,
 * multicast, documentation or any other special-purpose range (special-addresses.ts). The URL is checked when an endpoint is created or changed, and
 * every delivery checks the address it actually connects to, in the connection's own lookup, so
 * a name that resolved to a public address then (DNS rebinding) cannot connect privately later.
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS lifts this for development and tests (http on loopback too).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

import { isPublicAddress } from './special-addresses.js';

export { isPublicAddress };

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why this URL may not receive webhooks (before resolving it), or undefined. */
export function urlProblem(raw: string, allowPrivate: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not an absolute URL';
  }
  if (raw.length > 2000) return 'is longer than 2,000 characters';
  if (url.username || url.password) return 'may not contain user information';
  if (url.hash) return 'may not contain a fragment';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && allowPrivate && LOOPBACK_NAMES.has(url.hostname)) return undefined;
  return 'must use https';
}

/** The host's addresses (an IP literal is its own), through the system resolver. */
export async function resolveHost(hostname: string): Promise<string[]> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(host)) return [host];
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses.map((a) => a.address)),
    ),
  );
}

/** Why the URL's host may not be delivered to, or undefined when every address it has is public. */
export async function addressProblem(raw: string, allowPrivate: boolean): Promise<string | undefined> {
  if (allowPrivate) return undefined;
  let addresses: string[];
  try {
    addresses = await resolveHost(new URL(raw).hostname);
  } catch {
    return 'has a host name that does not resolve';
  }
  const refused = addresses.find((a) => !isPublicAddress(a));
  return refused ? `resolves to ${refused}, which is not a public address` : undefined;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for outgoing connections that refuses non-public addresses: the check happens on
 * the address the socket is about to connect to.
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) {
      const denied = Object.assign(
        new Error(`${hostname} resolves to ${refused.address}, not a public address`),
        {
          code: 'EADDRNOTPUBLIC',
        },
      );
      return callback(denied, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    return callback(null, first.address, first.family);
  });
}
