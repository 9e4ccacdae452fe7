/**
 * A message may carry a credential meant for its recipient alone (a link to choose a password).
 * Whoever reads the outbox (an organization's admins) sees the message with every Marquee
 * credential cut to its prefix: the inviting admin of another organization must not learn a link
 * into an account that is not theirs by reading what was sent to it.
 */
import { CREDENTIAL_PREFIXES } from '../security/credentials.js';

const PREFIXES = Object.values(CREDENTIAL_PREFIXES).join('|');
const CREDENTIAL = new RegExp(`\\b(${PREFIXES})[A-Za-z0-9_-]{16,}`, 'g');

/** `text` with each credential in it shown as its prefix and an ellipsis. */
export function withCredentialsHidden(text: string): string {
  return text.replace(CREDENTIAL, '$1…');
}
