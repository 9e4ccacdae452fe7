/**
 * A BEO's sections (SPEC §13): the operations sheet of one event, its times with setup and
 * teardown, spaces, setup style, guests and guaranteed count, the event manager and the client
 * on the day, its lines by category (prices only when asked), the booking's lines that belong to
 * no event (so every event's sheet shows them: they are served at some event), and the notes
 * marked for the BEO.
 */
import { contactName } from '../contacts/index.js';
import { countText } from '../../locale.js';
import { linesTable, type Money, spacesOf } from './document-blocks.js';
import type { DocumentFacts } from './document-facts.js';
import type { Fact, Section } from './document-model.js';
import { edgeOf, eventWhen, minutesWords, setupStyleWords } from './document-words.js';

export function beoSections(facts: DocumentFacts, money: Money): Section[] {
  const beo = facts.beo!;
  const e = beo.event;
  const zone = facts.zone;
  const start = Date.parse(e.startAt);
  const end = Date.parse(e.endAt);
  const setup = e.setupMinutes;
  const teardown = e.teardownMinutes;
  const when = eventWhen(e, zone, facts.locale);
  const bufferEdge = (instant: number, beside: number) => edgeOf(instant, beside, zone, facts.locale);
  const facts_: Fact[] = [
    { label: 'Day', value: when.day },
    { label: 'Times', value: when.times },
    {
      label: 'Setup',
      value:
        setup > 0 ? `From ${bufferEdge(start - setup * 60_000, start)} (${minutesWords(setup)})` : 'None',
    },
    {
      label: 'Teardown',
      value:
        teardown > 0
          ? `Until ${bufferEdge(end + teardown * 60_000, end)} (${minutesWords(teardown)})`
          : 'None',
    },
    { label: 'Spaces', value: spacesOf(e, facts) },
    { label: 'Setup style', value: e.setupStyle ? setupStyleWords(e.setupStyle) : 'Not set' },
    {
      label: 'Expected guests',
      value: e.guestCount === null ? 'Not set' : countText(e.guestCount, facts.locale),
    },
    {
      label: 'Guaranteed count',
      value: e.guaranteedCount === null ? 'Not yet given' : countText(e.guaranteedCount, facts.locale),
    },
    { label: 'Event manager', value: facts.manager ?? 'Not yet named' },
  ];
  const contact = facts.contact;
  if (contact) {
    facts_.push({
      label: 'Client contact',
      value: [contactName(contact), contact.phone].filter(Boolean).join(', '),
    });
  }
  const lines = facts.lines.filter((l) => l.eventId === e.id);
  const sections: Section[] = [{ heading: 'Event', blocks: [{ type: 'facts', facts: facts_ }] }];
  if (lines.length > 0) {
    sections.push({
      heading: 'Menu and services',
      blocks: [linesTable(e.name, lines, money, beo.showPrices, `${e.name} subtotal`, facts.locale)],
    });
  }
  const whole = facts.lines.filter((l) => l.eventId === null);
  if (whole.length > 0) {
    sections.push({
      heading: 'For the whole booking',
      blocks: [
        linesTable(
          'Not tied to one event',
          whole,
          money,
          beo.showPrices,
          'Whole booking subtotal',
          facts.locale,
        ),
      ],
    });
  }
  sections.push({
    heading: 'Notes',
    blocks: [
      beo.notes.length > 0
        ? { type: 'notes', notes: beo.notes }
        : { type: 'paragraphs', paragraphs: [{ text: 'No notes are marked for the BEO.' }] },
    ],
  });
  return sections;
}
