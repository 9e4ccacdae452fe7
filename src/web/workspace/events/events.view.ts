/** A booking's events on its page (SPEC §11): each with its times, spaces, guests and type, and a way to change it. */
import { countText } from '../../../locale.js';
import type { EventValue, Holding } from '../../../crm/events/index.js';
import { namesOfSpaces } from '../../../crm/spaces/index.js';
import { html, type SafeHtml } from '../../html.js';
import { clashSentence } from '../forms/conflict.view.js';
import { eventTimesOf } from '../time-zones.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';
import type { CustomForm } from '../forms/custom-fields.form.js';
import { customFacts } from '../forms/custom-fields.view.js';

export interface EventsSection {
  bookingId: string;
  timezone: string;
  zone: string;
  events: EventValue[];
  spaceNames: ReadonlyMap<string, string>;
  /** The organization's event types' values, by id. */
  eventTypes: ReadonlyMap<string, string>;
  /** For an option: the definite event each of its events overlaps, if any (saved, but said). */
  overlaps: ReadonlyMap<string, Holding>;
  /** The organization's custom fields of events (their values are each event's). */
  custom?: Omit<CustomForm, 'typed'> | undefined;
}

function buffers(event: EventValue): string {
  const parts = [
    event.setupMinutes > 0 ? `setup ${event.setupMinutes} min` : '',
    event.teardownMinutes > 0 ? `teardown ${event.teardownMinutes} min` : '',
  ].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

function guests(event: EventValue): string {
  if (event.guestCount === null) return '';
  const guaranteed = event.guaranteedCount === null ? '' : `, ${countText(event.guaranteedCount)} guaranteed`;
  return `${countText(event.guestCount)} guests${guaranteed}`;
}

export function eventsSection(v: WorkspaceVisitor, view: EventsSection): SafeHtml {
  const items = view.events.map((e) => {
    const rooms = namesOfSpaces(e.spaceIds, view.spaceNames);
    const overlap = view.overlaps.get(e.id);
    const facts = [
      rooms.join(', ') || 'No space yet',
      guests(e),
      e.setupStyle?.replace('_', '-') ?? '',
      e.eventTypeId && view.eventTypes.has(e.eventTypeId)
        ? `Type: ${view.eventTypes.get(e.eventTypeId)}`
        : '',
    ].filter(Boolean);
    const custom = customFacts(view.custom, e.customFields);
    return html`<li id="event-${e.id}" class="event">
      <div class="event-head"><strong>${e.name}</strong> <a href="${orgPath(v, `/events/${e.id}/edit`)}" aria-label="Change ${e.name}">Change</a></div>
      <div>${eventTimesOf(e, view.timezone, view.zone)}${buffers(e)}</div>
      <div class="muted">${facts.join(' · ')}</div>
      ${custom ? html`<dl class="facts">${custom}</dl>` : ''}
      ${overlap ? html`<div class="warning" role="note"><strong>Overlaps a definite booking:</strong> ${clashSentence(v, overlap, view.zone)}</div>` : ''}
    </li>`;
  });
  return html`<section aria-labelledby="events-title" class="card events">
    <h2 id="events-title">Events</h2>
    <ol class="events">${items}</ol>
    <p><a class="button secondary" href="${orgPath(v, `/bookings/${view.bookingId}/events/new`)}">Add an event</a></p>
  </section>`;
}
