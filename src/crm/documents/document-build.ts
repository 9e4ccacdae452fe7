/**
 * A document's model from its facts (SPEC §13), pure: the same facts always make the same model.
 * - A proposal: the venue, the client, every event (day, times in the venue's zone, spaces, setup
 *   style, guests), the lines by event and category, the totals as §12 keeps them on the booking,
 *   the payment schedule and the terms.
 * - A BEO: the operations sheet of one event (beo-sections.ts).
 * - An invoice: the lines, the totals and taxes, the payments received and the balance.
 * Every figure is one the booking or its lines keep; nothing is priced again here.
 */
import { contactName } from '../contacts/index.js';
import { beoSections } from './beo-sections.js';
import {
  eventsTable,
  type Money,
  paymentsTable,
  pricedLines,
  scheduleTable,
  totalsBlock,
} from './document-blocks.js';
import type { DocumentFacts } from './document-facts.js';
import type { DocumentModel, Paragraph, Section } from './document-model.js';
import { paragraphsOf } from './document-templates.js';
import { dayOf, moneyText } from './document-words.js';
import { addressLines, DOCUMENT_TITLES } from './merge-data.js';

/** The organization's templates, rendered with the document's merge data. */
export interface RenderedTemplates {
  header: string;
  footer: string;
  terms: string;
}

const TERMS_HEADINGS = { proposal: 'Terms and conditions', beo: 'Instructions', invoice: 'Payment' } as const;

function recipientOf(facts: DocumentFacts): DocumentModel['recipient'] {
  const { account, contact } = facts;
  const person = contact ? contactName(contact) : '';
  const lines = [
    person,
    account && account.name !== person ? account.name : '',
    ...addressLines(account, facts.locale),
    contact?.email ?? account?.email ?? '',
    contact?.phone ?? account?.phone ?? '',
  ].filter(Boolean);
  const heading = facts.kind === 'invoice' ? 'Bill to' : facts.kind === 'beo' ? 'Client' : 'Prepared for';
  return { heading, lines: lines.length ? lines : [facts.booking.name] };
}

function proposalSections(facts: DocumentFacts, money: Money): Section[] {
  const sections: Section[] = [{ heading: 'Your events', blocks: [eventsTable(facts)] }];
  if (facts.lines.length > 0) {
    sections.push({ heading: 'What we will provide', blocks: pricedLines(facts, money) });
    sections.push({ heading: 'Total', blocks: [totalsBlock(facts, money, false)] });
  }
  if (facts.installments.length > 0)
    sections.push({ heading: 'Payment schedule', blocks: [scheduleTable(facts, money, false)] });
  return sections;
}

function invoiceSections(facts: DocumentFacts, money: Money): Section[] {
  const sections: Section[] = [{ heading: 'Events', blocks: [eventsTable(facts)] }];
  if (facts.lines.length > 0) sections.push({ heading: 'Charges', blocks: pricedLines(facts, money) });
  sections.push({ heading: 'Total', blocks: [totalsBlock(facts, money, true)] });
  if (facts.payments.length > 0)
    sections.push({ heading: 'Payments received', blocks: [paymentsTable(facts, money)] });
  if (facts.installments.length > 0)
    sections.push({ heading: 'Payment schedule', blocks: [scheduleTable(facts, money, true)] });
  return sections;
}

/** US Letter where venues print on it (the Americas), A4 elsewhere. */
export function pageSizeFor(zone: string): 'A4' | 'LETTER' {
  return zone.startsWith('America/') ? 'LETTER' : 'A4';
}

const oneLine = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' · ');

export function buildDocumentModel(facts: DocumentFacts, rendered: RenderedTemplates): DocumentModel {
  const b = facts.booking;
  const money: Money = (minor) => moneyText(Number(minor), b.currency, facts.locale);
  const title = DOCUMENT_TITLES[facts.kind];
  const event = facts.beo?.event;
  const sections =
    facts.kind === 'proposal'
      ? proposalSections(facts, money)
      : facts.kind === 'beo'
        ? beoSections(facts, money)
        : invoiceSections(facts, money);
  const terms: Paragraph[] = paragraphsOf(rendered.terms);
  const label = facts.kind === 'beo' ? 'BEO' : title;
  return {
    kind: facts.kind,
    title,
    subtitle: event ? `${b.name} — ${event.name}` : b.name,
    venue: facts.venue,
    meta: [
      { label: 'Booking', value: b.reference },
      { label: 'Version', value: String(facts.version) },
      { label: 'Date', value: dayOf(facts.madeAt, facts.zone, facts.locale) },
    ],
    recipient: recipientOf(facts),
    introduction: paragraphsOf(rendered.header),
    sections,
    terms: terms.length > 0 ? { heading: TERMS_HEADINGS[facts.kind], paragraphs: terms } : null,
    footer: oneLine(rendered.footer),
    name: `${label} ${b.reference}${event ? ` ${event.name}` : ''} v${facts.version}`,
    pageSize: pageSizeFor(facts.zone),
  };
}
