/**
 * The messages a team change sends the person it is about: an invitation with their own link to
 * choose a password (a new account), or word that they were added (an account they have). A link
 * appears only in the message to its person; the outbox shows it to nobody (src/mail/outbox.ts).
 */
import type { Role } from './identity.table.js';

interface Names {
  organizationName: string;
  /** Who invited them; undefined when the operator did, at the command line. */
  inviterName: string | undefined;
  personName: string;
  role: Role;
}

const asRole = (role: Role) => (role === 'admin' ? 'an admin' : 'a member');

function who(names: Names): string {
  return names.inviterName ?? `An administrator of ${names.organizationName}`;
}

export function invitationMail(names: Names & { link: string }): { subject: string; text: string } {
  return {
    subject: `You are invited to ${names.organizationName} on Marquee`,
    text: `Hello ${names.personName},

${who(names)} invited you to work with ${names.organizationName} in Marquee, as ${asRole(names.role)}.

Choose your password to start (this link is yours alone; it works once, for seven days):
${names.link}

If you did not expect this message, ignore it: nothing happens until the link is followed.
`,
  };
}

export function memberAddedMail(names: Names & { signIn: string; link: string | undefined }): {
  subject: string;
  text: string;
} {
  const start =
    names.link === undefined
      ? `Sign in with the password you already use:\n${names.signIn}`
      : `You have not chosen a password yet. Choose one here (this link is yours alone; it works once, for seven days, and any earlier link of yours no longer works):\n${names.link}`;
  return {
    subject: `You now have access to ${names.organizationName} on Marquee`,
    text: `Hello ${names.personName},

${who(names)} added you to ${names.organizationName} in Marquee, as ${asRole(names.role)}.

${start}
`,
  };
}
