/** How the Conversation writes a message's people and times: "Ada Byron <ada@…>", "Wed 2 Dec 2026, 09:00". */
import { clockLabel, dayLabel, localDate } from '../time-zones.js';

/** When, in the venue's zone and locale. */
export function when(iso: string, zone: string): string {
  const ms = Date.parse(iso);
  return `${dayLabel(localDate(ms, zone))}, ${clockLabel(ms, zone)}`;
}

/** A mailbox as a mail program writes it: the name, then the address in angle brackets. */
export function mailboxText(mailbox: { name: string | null; email?: string; address?: string }): string {
  const email = mailbox.email ?? mailbox.address ?? '';
  if (!mailbox.name) return email;
  return email ? `${mailbox.name} <${email}>` : mailbox.name;
}
