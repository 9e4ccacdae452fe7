/**
 * An organization's From address (Settings → Outgoing mail): a name and an address its e-mail is
 * sent with, else the installation's MAIL_FROM. An address whose domain cannot be a real one on
 * the internet (no dot, `localhost`, or a name reserved by RFC 2606 / RFC 6761 such as
 * `example.com`, `.test`, `.invalid`, `.local`) is warned about: mail from it is likely refused
 * or marked as spam. A syntactic check: no DNS is asked.
 */
import type { Db, Trx } from '../db/database.js';

export interface MailFrom {
  name: string;
  address: string;
}

const ADDRESS =
  /^[^\s<>@",;:\\()[\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/;
const RESERVED_TLDS = ['test', 'invalid', 'local', 'localhost', 'example', 'internal', 'lan', 'home', 'corp'];
const RESERVED_DOMAINS = ['example.com', 'example.net', 'example.org'];

/** Why mail from this address's domain is unlikely to arrive, or undefined when it looks real. */
export function unrealDomain(address: string): string | undefined {
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  if (!domain.includes('.')) return `“${domain}” is not a domain on the internet (it has no dot).`;
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  const reserved = RESERVED_DOMAINS.find((d) => domain === d || domain.endsWith(`.${d}`));
  if (reserved || RESERVED_TLDS.includes(tld))
    return `“${domain}” is a name reserved for examples, tests or local networks, not a real domain.`;
  if (/^\d+$/.test(tld)) return `“${domain}” is an IP address, not a domain.`;
  return undefined;
}

/** The form's name and address read, or the problem of each field. */
export function readMailFrom(
  nameGiven: string,
  addressGiven: string,
): { from: MailFrom | null; errors: Record<string, string> } {
  const name = nameGiven.trim();
  const address = addressGiven.trim().toLowerCase();
  const errors: Record<string, string> = {};
  if (name.length > 100) errors.from_name = 'A name of at most 100 characters.';
  if (/[<>"]/.test(name) || [...name].some((c) => c.charCodeAt(0) < 0x20))
    errors.from_name = 'A name without line breaks, quotes or < >.';
  if (address === '') {
    if (name !== '') errors.from_address = 'Give the address to send from, such as events@yourvenue.com.';
  } else if (address.length > 254 || !ADDRESS.test(address)) {
    errors.from_address = 'Give an e-mail address such as events@yourvenue.com.';
  }
  if (Object.keys(errors).length > 0 || address === '') return { from: null, errors };
  return { from: { name, address }, errors };
}

/** A From as a header holds it: `"Harbour Rooms" <events@harbour.com>`, or the address alone. */
export function fromHeader(from: MailFrom): string {
  return from.name ? `"${from.name.replace(/["\\]/g, '')}" <${from.address}>` : from.address;
}

/** The organization's own From, when it has set one. */
export async function organizationFrom(db: Db | Trx, organizationId: string): Promise<MailFrom | undefined> {
  const row = await db
    .selectFrom('organizations')
    .select(['mail_from_name', 'mail_from_address'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
  if (!row?.mail_from_address) return undefined;
  return { name: row.mail_from_name ?? '', address: row.mail_from_address };
}

/**
 * Where a client's answer reaches the venue (SPEC §13, §17: the Reply-To of mail to a client):
 * the organization's own From when it has one; else the first of its admins, since the
 * installation's MAIL_FROM is no one at the venue.
 */
export async function venueReplyTo(db: Db | Trx, organizationId: string): Promise<string | undefined> {
  const own = await organizationFrom(db, organizationId);
  if (own) return fromHeader(own);
  const admin = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
    .select(['users.email', 'organizations.name'])
    .where('memberships.organization_id', '=', organizationId)
    .where('memberships.role', '=', 'admin')
    .orderBy('memberships.created_at')
    .orderBy('users.id')
    .limit(1)
    .executeTakeFirst();
  return admin && fromHeader({ name: admin.name, address: admin.email });
}
