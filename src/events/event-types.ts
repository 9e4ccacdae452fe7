/**
 * The kinds of change event (SPEC §8): created, updated and deleted for each kind of record, a
 * booking's status changes and the organization's settings changing.
 */
export const EVENT_SUBJECTS = ['booking', 'account', 'contact', 'space', 'note'] as const;
export type EventSubject = (typeof EVENT_SUBJECTS)[number];

export const EVENT_TYPES = [
  ...EVENT_SUBJECTS.flatMap((subject) => [`${subject}.created`, `${subject}.updated`, `${subject}.deleted`]),
  'booking.status_changed',
  'organization.updated',
] as const;

export function isEventType(value: string): boolean {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
