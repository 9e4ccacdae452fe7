/** The sentences a double booking is refused with, naming and linking the booking that holds the space. */
import type { Holding } from '../../../crm/events/index.js';
import { html, type SafeHtml } from '../../html.js';
import { bookingTimes } from '../time-zones.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export function clashSentence(v: WorkspaceVisitor, clash: Holding, zone: string): SafeHtml {
  const when = bookingTimes({ start_at: clash.startAt, end_at: clash.endAt, timezone: clash.timezone }, zone);
  return html`<p class="clash">${clash.spaceName} is already held by the definite booking
    <a href="${orgPath(v, `/bookings/${clash.bookingId}`)}">${clash.reference} ${clash.name}</a>
    (${when}).</p>`;
}

/**
 * What the spaces field says of a refused double booking: the space taken, and, when it is not one
 * of those chosen, that a chosen one shares it (a combined space and its part hold each other).
 */
export function takenSpaceError(clash: Holding, chosen: readonly string[]): string {
  const through = chosen.includes(clash.spaceId) ? '' : ', and a space you chose is made of it or part of it';
  return `${clash.spaceName} is taken at those times${through}: choose another space or time.`;
}

/**
 * The sentence new parts of a combined space are refused with: the definite booking in one of
 * them that would then overlap one holding the combined space, named and linked.
 */
export function partsClashSentence(v: WorkspaceVisitor, spaceName: string, clash: Holding, zone: string) {
  const when = bookingTimes({ start_at: clash.startAt, end_at: clash.endAt, timezone: clash.timezone }, zone);
  return html`<p class="clash">With these parts, a definite booking of ${spaceName} would overlap the definite booking
    <a href="${orgPath(v, `/bookings/${clash.bookingId}`)}">${clash.reference} ${clash.name}</a>, its
    event “${clash.eventName}” in ${clash.spaceName} (${when}).</p>`;
}

/**
 * The sentence a space that stops being shared is refused with: the two definite bookings that
 * would then hold it at once, named and linked.
 */
export function unsharedClashSentence(
  v: WorkspaceVisitor,
  spaceName: string,
  clashes: readonly [Holding, Holding],
  zone: string,
) {
  const named = (h: Holding) =>
    html`<a href="${orgPath(v, `/bookings/${h.bookingId}`)}">${h.reference} ${h.name}</a>, its event “${h.eventName}” (${bookingTimes({ start_at: h.startAt, end_at: h.endAt, timezone: h.timezone }, zone)})`;
  return html`<p class="clash">No longer shared, ${spaceName} would be held at once by the definite booking
    ${named(clashes[0])} and the definite booking ${named(clashes[1])}.</p>`;
}
