/**
 * The message that carries a password reset link to the person who asked for it (or to the
 * owner of the address someone typed): the link, how long it works, and what to do when they did
 * not ask. The outbox shows it to admins with the link cut (src/mail/hidden-credentials.ts).
 */
import { htmlMail } from '../mail/html-mail.js';

export function passwordResetMail(names: { personName: string; link: string; signIn: string }): {
  subject: string;
  text: string;
  html: string;
} {
  const lead = 'Someone, probably you, asked to reset the password of your Marquee account.';
  const works =
    'This link is yours alone; it works once, for one hour. Any earlier reset link no longer works.';
  const ignore = `If you did not ask, ignore this message: your password stays as it is, and you sign in as before at ${names.signIn}`;
  return {
    subject: 'Reset your Marquee password',
    text: `Hello ${names.personName},

${lead}

Choose a new password here (${works.charAt(0).toLowerCase()}${works.slice(1)}):
${names.link}

${ignore}
`,
    html: htmlMail({
      sender: 'Marquee',
      paragraphs: [`Hello ${names.personName},`, lead],
      button: { label: 'Choose a new password', url: names.link },
      notes: [
        works,
        ignore,
        `If the button does not work, copy this address into your browser: ${names.link}`,
      ],
    }),
  };
}
