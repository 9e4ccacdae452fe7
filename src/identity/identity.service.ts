/**
 * Organizations, users and memberships: the rules that hold whichever door (CLI, settings pages)
 * a change comes through.
 */
import { systemClock } from '../clock.js';
import type { Db } from '../db/database.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { Role } from './identity.table.js';
import { findOrganization, insertOrganization, type Organization } from './organization.repository.js';
import { hashPassword, type ScryptCost } from './passwords.js';
import { findUserByEmail, insertUser } from './user.repository.js';
import { operatorActor } from '../policy/actor.js';
import { addMember as addMemberCommand } from './team.commands.js';
import { type Work, write, writeInside } from '../writes/unit-of-work.js';
import { isRefusal } from '../writes/refusal.js';

import { EMAIL, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, normalizeEmail, ROLES } from './identity-rules.js';

export { EMAIL, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, normalizeEmail, ROLES } from './identity-rules.js';

function checkName(value: string, what: string, field: string): string {
  const name = value.trim();
  if (name.length < 1 || name.length > 200) {
    throw new ValidationError({ field, detail: `${what} must be 1 to 200 characters long.` });
  }
  return name;
}

export function checkRole(role: string): Role {
  if (!ROLES.includes(role as Role)) {
    throw new ValidationError({
      field: 'role',
      detail: `Role must be one of ${ROLES.join(', ')}; got "${role}".`,
    });
  }
  return role as Role;
}

export async function createOrganization(db: Db, name: string): Promise<Organization> {
  return insertOrganization(db, checkName(name, 'An organization name', 'name'));
}

export async function requireOrganization(db: Db, organizationId: string): Promise<Organization> {
  const organization = await findOrganization(db, organizationId);
  if (!organization)
    throw new NotFoundError(`No organization has the id "${organizationId}".`, { pointer: '/org' });
  return organization;
}

export interface NewUser {
  organizationId: string;
  email: string;
  password: string;
  role?: string;
  name?: string;
  /** Lower cost for test factories only; every real sign-up uses the default. */
  passwordCost?: ScryptCost;
}

export interface CreatedUser {
  id: string;
  email: string;
  name: string;
  organizationId: string;
  role: Role;
}

export function checkPassword(password: string): string {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw new ValidationError({
      field: 'password',
      detail: `A password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long.`,
    });
  }
  return password;
}

export async function requireUserByEmail(db: Db, email: string) {
  const user = await findUserByEmail(db, normalizeEmail(email));
  if (!user) {
    throw new NotFoundError(
      `No user has the e-mail ${normalizeEmail(email)}; create one with "users create".`,
      {
        pointer: '/email',
      },
    );
  }
  return user;
}

export async function createUser(db: Db, input: NewUser): Promise<CreatedUser> {
  const email = normalizeEmail(input.email);
  if (email.length > 254 || !EMAIL.test(email)) {
    throw new ValidationError({ field: 'email', detail: `"${input.email}" is not an e-mail address.` });
  }
  checkPassword(input.password);
  const role = checkRole(input.role ?? 'member');
  const name = checkName(input.name ?? email.split('@')[0] ?? email, 'A name', 'name');
  await requireOrganization(db, input.organizationId);
  if (await findUserByEmail(db, email)) {
    throw new ConflictError(
      `A user with the e-mail ${email} exists already; add them to the organization with "members add".`,
      'email_taken',
    );
  }
  const passwordHash = await hashPassword(input.password, input.passwordCost);
  // The user and their membership commit together: the membership is the team's command, run as
  // the operator in the transaction that makes the user (judged by the policy, under the lock).
  const writer = { db, clock: systemClock };
  const afterCommit: Work['afterCommit'] = [];
  const user = await db.transaction().execute(async (trx) => {
    const created = await insertUser(trx, { email, name, passwordHash });
    const membership = { userId: created.id, email, role };
    const outcome = await writeInside(
      trx,
      writer.clock.now(),
      operatorActor(input.organizationId),
      addMemberCommand,
      membership,
      afterCommit,
    );
    if (isRefusal(outcome)) throw outcome.asError();
    return created;
  });
  for (const task of afterCommit) await task(writer);
  return { ...user, organizationId: input.organizationId, role };
}

export async function addMember(db: Db, organizationId: string, email: string, role = 'member') {
  const checkedRole = checkRole(role);
  await requireOrganization(db, organizationId);
  const user = await requireUserByEmail(db, email);
  // The team's command, as the operator: judged by the policy, under the organization's lock.
  await write({ db, clock: systemClock }, operatorActor(organizationId), addMemberCommand, {
    userId: user.id,
    email: user.email,
    role: checkedRole,
  });
  return { userId: user.id, organizationId, role: checkedRole };
}
