/**
 * The e-mail that takes a proposal to its client (SPEC §13): from the venue, by name, with the
 * link to the proposal as a button in the HTML part and as plain text in the text part. It is
 * queued in the unit of work that sends the proposal (src/mail/outbox.ts); the link is in the
 * message alone, never in a log.
 */
import type { NewMail } from '../../mail/outbox.js';
import { htmlMail } from '../../mail/html-mail.js';
import { dayOf } from './document-words.js';

export interface ProposalMail {
  organizationId: string;
  venue: string;
  to: { address: string; name: string };
  /** How the client is greeted: their first name, else their name. */
  greeting: string;
  bookingName: string;
  reference: string;
  url: string;
  expiresAt: number;
  zone: string;
  /** The organization's locale, which every day in the mail is written in. */
  locale: string;
}

export function proposalMail(mail: ProposalMail): NewMail {
  const until = dayOf(mail.expiresAt, mail.zone, mail.locale);
  const lead = `${mail.venue} has sent you a proposal for ${mail.bookingName} (${mail.reference}).`;
  const how = 'Read it on any screen, download it as a PDF, and accept it online when you are ready.';
  const keep = `The link is yours alone and works until ${until}. If it stops working, ask ${mail.venue} for a new one.`;
  const text = `Dear ${mail.greeting},

${lead}

${how}

Open your proposal:
${mail.url}

${keep}

${mail.venue}
`;
  return {
    organizationId: mail.organizationId,
    kind: 'document',
    to: mail.to,
    subject: `Your proposal from ${mail.venue}: ${mail.bookingName}`,
    text,
    html: htmlMail({
      sender: mail.venue,
      paragraphs: [`Dear ${mail.greeting},`, lead, how],
      button: { label: 'Open your proposal', url: mail.url },
      notes: [keep, `If the button does not work, copy this address into your browser: ${mail.url}`],
    }),
  };
}
