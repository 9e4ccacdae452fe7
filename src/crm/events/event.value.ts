/**
 * An event as the domain knows it, decoded from its row here and nowhere else (decision 0017), by
 * its fields (event.fields.ts): its minutes and guests as numbers (a driver may hand them over as
 * text), all day as a boolean, its spaces as a list. Its custom fields' values stay as
 * `custom_fields` keeps them: the custom fields' face reads that JSON for every kind. The pages
 * and the resource read this value; the row type never leaves this folder.
 */
import { decodeStored, encodeStored } from '../data/field-codec.js';
import type { StoredValues } from '../data/fields.js';
import { EVENT_FIELDS } from './event.fields.js';
import type { Event, SetupStyle } from './event.table.js';

/**
 * An event of a booking, as the pages and the API's resource see it: its stored fields (its
 * booking's status, kept with it; the spaces it holds, in the order given; its wall-clock days and
 * times in its booking's time zone, an all-day event having no times).
 */
export type EventValue = {
  id: string;
  organizationId: string;
  status: Event['status'];
  setupStyle: SetupStyle | null;
  /** Its custom fields' values, as `custom_fields` keeps them (read through the custom fields' face). */
  customFields: string;
} & Omit<StoredValues<typeof EVENT_FIELDS>, 'status' | 'setupStyle'>;

export function decodeEvent(row: Event): EventValue {
  const stored = decodeStored(EVENT_FIELDS, row);
  return {
    id: row.id,
    organizationId: row.organization_id,
    ...stored,
    // Its booking's statuses and the setup styles there are: the rules write no others.
    status: stored.status as Event['status'],
    setupStyle: stored.setupStyle as SetupStyle | null,
    customFields: row.custom_fields,
  };
}

/** The value as its row, for the rules that judge a change against the row they read. */
export function encodeEvent(event: EventValue): Event {
  return {
    ...(encodeStored(EVENT_FIELDS, event) as Omit<Event, 'id' | 'organization_id' | 'custom_fields'>),
    id: event.id,
    organization_id: event.organizationId,
    status: event.status,
    setup_style: event.setupStyle,
    custom_fields: event.customFields,
  };
}
