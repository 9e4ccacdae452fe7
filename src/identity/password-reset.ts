/**
 * A password reset asked for from the sign-in page: a one-time link for one hour, by e-mail only,
 * replacing the account's earlier unused links. The caller learns nothing of the outcome, so the
 * answer cannot tell whether an address has an account. The mail is queued under the person's
 * first organization (the outbox belongs to one); a person in no organization gets none.
 */
import type { Db } from '../db/database.js';
import { queueMail } from '../mail/outbox.js';
import { normalizeEmail } from './identity.service.js';
import { endUnusedPasswordLinks, newPasswordLink } from './password-links.js';
import { passwordResetMail } from './password-reset-mail.js';

/** How long a reset link works: short, as it reaches an inbox nobody checked inviting anyone. */
export const RESET_LINK_MS = 60 * 60_000;

export interface ResetRequest {
  email: string;
  now: number;
  /** Whether a mail server is set up to send it (SMTP_URL). */
  sending: boolean;
  /** Where people sign in and follow their links (AUTH_URL). */
  authUrl: string;
}

export async function requestPasswordReset(db: Db, request: ResetRequest): Promise<void> {
  const { now, authUrl } = request;
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'email', 'name'])
      .where('email', '=', normalizeEmail(request.email))
      .executeTakeFirst();
    if (!user) return;
    const membership = await trx
      .selectFrom('memberships')
      .select('organization_id')
      .where('user_id', '=', user.id)
      .orderBy('created_at')
      .orderBy('organization_id')
      .executeTakeFirst();
    if (!membership) return;
    await endUnusedPasswordLinks(trx, user.id);
    const token = await newPasswordLink(trx, user.id, now, RESET_LINK_MS);
    await queueMail(
      trx,
      {
        organizationId: membership.organization_id,
        kind: 'password_reset',
        to: { address: user.email, name: user.name },
        ...passwordResetMail({
          personName: user.name,
          link: `${authUrl}/set-password/${token}`,
          signIn: `${authUrl}/sign-in`,
        }),
      },
      { now, sending: request.sending },
    );
  });
}
