/** The sentence a double booking is refused with, naming and linking the booking that holds the space. */
import type { Holding } from '../../crm/events/event-clash.js';
import { html, type SafeHtml } from '../html.js';
import { bookingTimes } from './time-zones.js';
import { orgPath, type WorkspaceVisitor } from './workspace-visitor.js';

export function clashSentence(v: WorkspaceVisitor, clash: Holding, zone: string): SafeHtml {
  const when = bookingTimes({ start_at: clash.startAt, end_at: clash.endAt, timezone: clash.timezone }, zone);
  return html`<p class="clash">${clash.spaceName} is already held by the definite booking
    <a href="${orgPath(v, `/bookings/${clash.bookingId}`)}">${clash.reference} ${clash.name}</a>
    (${when}).</p>`;
}
