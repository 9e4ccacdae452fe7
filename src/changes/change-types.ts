/**
 * The kinds of change (SPEC §8, §11, §15): created, updated and deleted for each kind of record, a
 * booking's status changes, the organization's settings changing, and the conversation with
 * clients (SPEC §17: a message received, sent or failed, and filed or dismissed; the venue's
 * e-mail templates created, changed and deleted), the team's tasks and automations (SPEC §18).
 */
export const CHANGE_SUBJECTS = [
  'booking',
  'event',
  'event_type',
  'account',
  'contact',
  'space',
  'note',
  'pipeline',
  'stage',
  'referral_source',
  'tax_rate',
  'item',
  'line_item',
  'installment',
  'payment',
  'document',
  'email_template',
  'automation',
  'task',
] as const;
export type ChangeSubject = (typeof CHANGE_SUBJECTS)[number];

export const CHANGE_TYPES = [
  ...CHANGE_SUBJECTS.flatMap((subject) => [`${subject}.created`, `${subject}.updated`, `${subject}.deleted`]),
  'booking.status_changed',
  'booking.paid',
  'organization.updated',
  'message.received',
  'message.sent',
  'message.failed',
  'message.updated',
] as const;

export function isChangeType(value: string): boolean {
  return (CHANGE_TYPES as readonly string[]).includes(value);
}
