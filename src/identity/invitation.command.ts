/**
 * Inviting a person to an organization's team (Settings → Team), as a unit of work under the
 * organization's write lock. An invitation never hands the inviter a way into an existing
 * account: someone who already has an account is added and told by e-mail; a person new to
 * Marquee gets an account without a password and their own one-time link by e-mail, through the
 * outbox. The inviter is shown that link only for an account this very invitation created, and
 * only when no mail server is set up (then someone must pass it on by hand). An existing account
 * that has not chosen a password yet may hold links others were shown (an inviting admin
 * elsewhere): those end when it joins another organization, and a fresh link goes to the person.
 */
import { isoTime } from '../clock.js';
import type { Trx } from '../db/database.js';
import { newId } from '../db/ids.js';
import { type FieldProblem, ValidationError } from '../errors.js';
import { queueMail } from '../mail/outbox.js';
import type { Command } from '../writes/unit-of-work.js';
import type { Actor } from '../policy/actor.js';
import { EMAIL, normalizeEmail, ROLES } from './identity-rules.js';
import { endUnusedPasswordLinks, newPasswordLink } from './password-links.js';
import type { Role } from './identity.table.js';
import { refuseUnlessTeamManager } from './team-access.js';
import { invitationMail, memberAddedMail } from './team-mail.js';
import { TEAM_ACTIONS } from './team.policy.js';

export const PASSWORD_LINK_DAYS = 7;

/** A stored password that no password matches: the account is signed into only after its link. */
export const NO_PASSWORD = 'none';

export const MEMBER_NAME_MAX = 200;

export interface InvitationInput {
  email: string;
  name: string;
  role: string;
  /** Whether a mail server is set up to send the invitation (SMTP_URL). */
  sending: boolean;
  /** Where people sign in and follow their links (AUTH_URL). */
  authUrl: string;
}

export type Invitation =
  | {
      kind: 'created';
      userId: string;
      email: string;
      role: Role;
      /** The link's token, for the inviter to pass on: only when no mail server sends it. */
      passwordToken: string | undefined;
    }
  | {
      kind: 'added';
      userId: string;
      email: string;
      role: Role;
      /** They had not chosen a password yet: a fresh link of their own went to them by e-mail. */
      linkMailed: boolean;
    };

/** Every problem of an invitation's fields at once. */
function invitationProblems(input: InvitationInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const email = normalizeEmail(input.email);
  if (email.length > 254 || !EMAIL.test(email))
    problems.push({ field: 'email', detail: `"${input.email.trim()}" is not an e-mail address.` });
  const name = input.name.trim();
  if (name === '') problems.push({ field: 'name', detail: 'Give their name, as the team will see it.' });
  else if (name.length > MEMBER_NAME_MAX)
    problems.push({ field: 'name', detail: `Keep the name to ${MEMBER_NAME_MAX} characters.` });
  if (!ROLES.includes(input.role as Role))
    problems.push({ field: 'role', detail: `Role must be one of ${ROLES.join(', ')}; got "${input.role}".` });
  return problems;
}

/** A one-time link for `userId`, valid for PASSWORD_LINK_DAYS; the token is returned once. */
const invitationLink = (trx: Trx, userId: string, now: number) =>
  newPasswordLink(trx, userId, now, PASSWORD_LINK_DAYS * 86_400_000);

/** Names for the e-mail: the organization's, and the inviter's (or none at the command line). */
async function senders(trx: Trx, actor: Actor) {
  const organization = await trx
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', actor.organizationId)
    .executeTakeFirstOrThrow();
  const inviter =
    actor.userId === null
      ? undefined
      : await trx.selectFrom('users').select('name').where('id', '=', actor.userId).executeTakeFirst();
  return { organizationName: organization.name, inviterName: inviter?.name };
}

export const inviteMember: Command<InvitationInput, Invitation> = {
  action: TEAM_ACTIONS.invite,
  async run({ trx, actor, now }, input) {
    await refuseUnlessTeamManager(trx, actor);
    const problems = invitationProblems(input);
    if (problems.length > 0) throw new ValidationError(problems);
    const email = normalizeEmail(input.email);
    const role = input.role as Role;
    const at = isoTime(now);
    // An account made by a concurrent invitation of another organization counts as existing.
    const created = await trx
      .insertInto('users')
      .values({
        id: newId(now),
        email,
        name: input.name.trim(),
        password_hash: NO_PASSWORD,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    const user = await trx
      .selectFrom('users')
      .select(['id', 'name', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const already = await trx
      .selectFrom('memberships')
      .select('user_id')
      .where('organization_id', '=', actor.organizationId)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (already) throw new ValidationError({ field: 'email', detail: `${email} is a member already.` });
    await trx
      .insertInto('memberships')
      .values({ organization_id: actor.organizationId, user_id: user.id, role, created_at: at })
      .execute();
    const names = await senders(trx, actor);
    const mail = (message: { subject: string; text: string }) =>
      queueMail(
        trx,
        {
          organizationId: actor.organizationId,
          kind: 'invitation',
          to: { address: email, name: user.name },
          ...message,
        },
        { now, sending: input.sending },
      );

    if (created) {
      const token = await invitationLink(trx, user.id, now);
      await mail(
        invitationMail({
          ...names,
          personName: user.name,
          role,
          link: `${input.authUrl}/set-password/${token}`,
        }),
      );
      return {
        kind: 'created',
        userId: user.id,
        email,
        role,
        passwordToken: input.sending ? undefined : token,
      };
    }
    // An existing account. Someone who has not chosen a password yet may hold links that others
    // were shown (an inviting admin elsewhere): those end now that the account opens this
    // organization too, and a fresh link goes to the person alone.
    const choosesPassword = user.password_hash === NO_PASSWORD;
    let link: string | undefined;
    if (choosesPassword) {
      await endUnusedPasswordLinks(trx, user.id);
      link = `${input.authUrl}/set-password/${await invitationLink(trx, user.id, now)}`;
    }
    await mail(
      memberAddedMail({ ...names, personName: user.name, role, signIn: `${input.authUrl}/sign-in`, link }),
    );
    return { kind: 'added', userId: user.id, email, role, linkMailed: choosesPassword };
  },
};
