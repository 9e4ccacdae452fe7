/**
 * What a webhook endpoint keeps in a form of the database's: the changes it takes, a JSON array of
 * event types in `events`. Decoded here, the one place, for its readers (the resource and the
 * fan-out's active endpoints).
 */

/** The event types an endpoint takes. */
export const eventsOf = (row: { events: string }): string[] => JSON.parse(row.events) as string[];
