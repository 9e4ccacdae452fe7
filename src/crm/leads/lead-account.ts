/**
 * The account of a lead that names a company (SPEC §14). Anyone may type any company into a
 * public form, so a name alone never puts a stranger in a client's account: among the accounts
 * of that name (whatever its case), the lead joins the one whose e-mail domain is the inquirer's,
 * a domain the account shows by its own e-mail address, its website or its contacts' addresses.
 * A free-mail domain (gmail.com and the like) tells nothing of a company and never matches. Else
 * the lead gets an account of its own, of the name as typed. What was decided is said in a
 * sentence, kept as a note on the booking for staff.
 */
import type { Work } from '../../writes/unit-of-work.js';
import { createAccount } from '../accounts/index.js';
import { isRefusal, type Refusal } from '../../writes/refusal.js';

/** Mail services anyone can sign up to: their domains name no company. */
const FREE_MAIL = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.fr',
  'yahoo.de',
  'ymail.com',
  'hotmail.com',
  'hotmail.co.uk',
  'hotmail.fr',
  'hotmail.de',
  'outlook.com',
  'live.com',
  'live.co.uk',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  't-online.de',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'zoho.com',
  'fastmail.com',
  'hey.com',
  'tutanota.com',
  'qq.com',
  '163.com',
  '126.com',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'btinternet.com',
  'sky.com',
  'virginmedia.com',
  'comcast.net',
  'verizon.net',
  'att.net',
]);

const MAX_SAME_NAMED = 20;

/** The domain of an e-mail address, in lower case. */
export const domainOf = (email: string | null | undefined) =>
  (email ?? '').trim().toLowerCase().split('@')[1] ?? '';

export const isFreeMail = (domain: string) => FREE_MAIL.has(domain);

/** A website's host without its www., in lower case. */
function siteDomain(website: string | null): string {
  if (!website) return '';
  try {
    return new URL(/^[a-z]+:\/\//i.test(website) ? website : `https://${website}`).hostname.replace(
      /^www\./,
      '',
    );
  } catch {
    return '';
  }
}

export interface LeadAccount {
  accountId: string;
  /** What staff are told of it, when there was a choice to make. */
  said?: string | undefined;
}

/** The account of a lead for `company`, asked by `email` (see above). */
export async function companyAccount(
  work: Work,
  company: string,
  email: string,
): Promise<LeadAccount | Refusal> {
  const { trx, actor } = work;
  const named = await trx
    .selectFrom('accounts')
    .select(['id', 'name', 'email', 'website'])
    .where('organization_id', '=', actor.organizationId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', company.toLowerCase()))
    .orderBy('created_at')
    .orderBy('id')
    .limit(MAX_SAME_NAMED)
    .execute();
  const domain = domainOf(email);
  const free = isFreeMail(domain);
  if (named.length > 0 && domain && !free) {
    const contacts = await trx
      .selectFrom('contacts')
      .select(['account_id', 'email'])
      .where('organization_id', '=', actor.organizationId)
      .where(
        'account_id',
        'in',
        named.map((a) => a.id),
      )
      .where('email', 'is not', null)
      .execute();
    const match = named.find(
      (a) =>
        domainOf(a.email) === domain ||
        siteDomain(a.website) === domain ||
        contacts.some((c) => c.account_id === a.id && domainOf(c.email) === domain),
    );
    if (match)
      return {
        accountId: match.id,
        said: `The account ${match.name} was chosen because ${email.trim()} has its e-mail domain, ${domain}.`,
      };
  }
  const account = await work.run(createAccount, { name: company });
  if (isRefusal(account)) return account;
  const made = account.id;
  if (named.length === 0) return { accountId: made };
  const which =
    named.length === 1
      ? `An account named ${named[0]!.name} already exists; it was not used`
      : `${named.length} accounts named ${named[0]!.name} already exist; none was used`;
  const why = free
    ? `${domain} is a mail service anyone can use, which tells nothing of a company`
    : `${email.trim()} is not of ${named.length === 1 ? 'its' : 'their'} e-mail domain`;
  return {
    accountId: made,
    said: `${which}, as ${why}. This inquiry has an account of its own: if it is the same client, move the booking to that account.`,
  };
}
