/**
 * A mailbox's server follows the webhook rule (SPEC §8, §17): unless private networks are
 * allowed, its host must resolve only to public addresses, so a mailbox cannot reach into the
 * network Marquee runs in.
 */
import { isPublicAddress, resolveHost } from '../../webhooks/ssrf-guard.js';

/** Why Marquee may not connect to this host, in words, or undefined. */
export async function hostProblem(host: string, allowPrivateNetworks: boolean): Promise<string | undefined> {
  if (allowPrivateNetworks) return undefined;
  let found: string[];
  try {
    found = await resolveHost(host);
  } catch {
    return `The host name ${host} does not resolve.`;
  }
  const refused = found.find((a) => !isPublicAddress(a));
  return refused ? `${host} resolves to ${refused}, which is not a public address.` : undefined;
}
