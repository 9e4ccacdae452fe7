/**
 * A booking's statuses (SPEC §7) and the doors it may come in by (its `source`), beneath its
 * fields and its table, which both name them.
 */
export const BOOKING_STATUSES = ['lead', 'tentative', 'definite', 'closed', 'lost'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_SOURCES = ['inquiry_form', 'api', 'workspace', 'import', 'assistant', 'email'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];
