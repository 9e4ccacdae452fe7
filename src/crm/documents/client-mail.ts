/**
 * The e-mails that take a document to its client (SPEC §13): from the venue, by name, each with a
 * text part and an HTML part laid out for a phone (src/mail/html-mail.ts), every date and amount
 * in the organization's locale.
 * - A proposal: the link to it as a button in the HTML part and as plain text in the text part.
 * - An invoice (issued): its PDF attached, as issued; the balance due; and the link to the
 *   client's page of it, opened at its payments and balance.
 * Each is queued in the unit of work that sends the document (src/mail/outbox.ts); the link is in
 * the message alone, never in a log.
 */
import type { NewMail } from '../../mail/outbox.js';
import { htmlMail } from '../../mail/html-mail.js';
import { dayOf } from './document-words.js';

export interface ClientMail {
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
  locale: string;
}

/** What the client reads of their link: theirs alone, and until when it works. */
function linkNote(mail: ClientMail): string {
  const until = dayOf(mail.expiresAt, mail.zone, mail.locale);
  return `The link is yours alone and works until ${until}. If it stops working, ask ${mail.venue} for a new one.`;
}

const copyNote = (url: string) => `If the button does not work, copy this address into your browser: ${url}`;

export function proposalMail(mail: ClientMail): NewMail {
  const lead = `${mail.venue} has sent you a proposal for ${mail.bookingName} (${mail.reference}).`;
  const how = 'Read it on any screen, download it as a PDF, and accept it online when you are ready.';
  const keep = linkNote(mail);
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
      notes: [keep, copyNote(mail.url)],
    }),
  };
}

export interface InvoiceMail extends ClientMail {
  /** INV-00001. */
  number: string;
  issuedAt: string;
  /** What is left to pay, in words ("£2,345.00"); undefined when nothing is. */
  balanceDue: string | undefined;
  /** The PDF as issued. */
  pdf: Uint8Array;
}

/** The name the client's mail program shows for the PDF: "Invoice INV-00001.pdf". */
export const invoiceFilename = (number: string) => `Invoice ${number.replace(/[^\w.-]/g, '_')}.pdf`;

export function invoiceMail(mail: InvoiceMail): NewMail {
  const issued = dayOf(mail.issuedAt, mail.zone, mail.locale);
  const lead = `${mail.venue} sends you invoice ${mail.number} for ${mail.bookingName} (${mail.reference}), issued ${issued}. It is attached as a PDF.`;
  const due =
    mail.balanceDue === undefined ? 'Nothing is left to pay: thank you.' : `Balance due: ${mail.balanceDue}`;
  const how = 'Your page shows what is paid, what is left to pay and when, as it stands today.';
  const keep = linkNote(mail);
  const text = `Dear ${mail.greeting},

${lead}

${due}

${how}
${mail.url}

${keep}

${mail.venue}
`;
  return {
    organizationId: mail.organizationId,
    kind: 'document',
    to: mail.to,
    subject: `Invoice ${mail.number} from ${mail.venue}: ${mail.bookingName}`,
    text,
    html: htmlMail({
      sender: mail.venue,
      paragraphs: [`Dear ${mail.greeting},`, lead, due, how],
      button: { label: 'See your balance', url: mail.url },
      notes: [keep, copyNote(mail.url)],
    }),
    attachments: [
      { filename: invoiceFilename(mail.number), contentType: 'application/pdf', bytes: mail.pdf },
    ],
  };
}
