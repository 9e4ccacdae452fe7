/**
 * The rules of a note (SPEC §5), one pure function over facts loaded first: a body with some
 * text; attached to a booking, event, account or contact of the same organization, for good;
 * changed or deleted only by its author or an organization admin. What it is about may be named
 * as Event Temple names it (SPEC §15: `notable_type` "Booking" and `notable_id` attributes), and
 * its text as `content`: the same rules, the pointers where the client put them.
 */
import type { Actor } from '../../policy/actor.js';
import { grantsAllow } from '../../policy/grants.js';
import { refuse, type Refusal } from '../../writes/refusal.js';
import { type Checked, Problems } from '../validation.js';
import { NOTE_ACTIONS } from './note.policy.js';
import { NOTABLE_TYPES, type NotableType, type NoteTable } from './note.table.js';

export interface NoteInput {
  body?: string | undefined;
  /** The text under Event Temple's name; the same as `body` when both are given. */
  content?: string | undefined;
  /** Whether it prints on banquet event orders (notes about a booking or an event). */
  for_beo?: boolean | undefined;
  /** What it is about: given on create, never changed after. */
  notable?: { type: NotableType; id: string } | undefined;
  /** What it is about as Event Temple names it (attributes `notable_type`, `notable_id`). */
  notableNamed?: { type?: string | undefined; id?: string | undefined } | undefined;
}

/** "Booking", "booking", "BOOKINGS", "bookings" → bookings; undefined for anything else. */
export function notableTypeNamed(name: string): NotableType | undefined {
  const lower = name.toLowerCase();
  return NOTABLE_TYPES.find((type) => type === lower || type === `${lower}s`);
}

/** The notable that `notable_type` and `notable_id` name, when they name one well. */
export function notableOf(input: NoteInput): NoteInput['notable'] {
  if (input.notable) return input.notable;
  const named = input.notableNamed;
  const type = named?.type === undefined ? undefined : notableTypeNamed(named.type);
  return type && named?.id !== undefined ? { type, id: named.id } : undefined;
}

const attributePointer = (name: string) => ({ pointer: `/data/attributes/${name}` });

/** Whether the input names what the note is about with notable_type or notable_id. */
const namesNotable = (input: NoteInput) =>
  input.notableNamed?.type !== undefined || input.notableNamed?.id !== undefined;

/** The problems of how notable_type and notable_id name what a new note is about. */
function namingProblems(input: NoteInput, problems: Problems): void {
  const named = input.notableNamed;
  if (!named || !namesNotable(input)) return;
  if (input.notable) {
    problems.add({
      field: 'notable_type',
      detail: 'Name what the note is about once: the notable relationship or notable_type and notable_id.',
      code: 'conflicting_members',
      source: attributePointer('notable_type'),
    });
    return;
  }
  if (named.type === undefined || notableTypeNamed(named.type) === undefined) {
    problems.add({
      field: 'notable_type',
      detail: 'notable_type is one of Booking, Event, Account or Contact (with notable_id).',
      code: named.type === undefined ? 'required' : 'invalid_value',
      source: attributePointer('notable_type'),
    });
  }
  if (named.id === undefined) {
    problems.add({
      field: 'notable_id',
      detail: 'notable_id names the record the note is about (with notable_type).',
      code: 'required',
      source: attributePointer('notable_id'),
    });
  }
}

/** The text of the note, given as body or as content (not two different ones). */
function textOf(input: NoteInput, problems: Problems): string | undefined {
  if (input.content !== undefined && input.body !== undefined && input.content !== input.body) {
    problems.add({
      field: 'content',
      detail: 'content is another name for body: give one of them.',
      code: 'conflicting_members',
      source: attributePointer('content'),
    });
  }
  return input.body ?? input.content;
}

export function checkNote(
  input: NoteInput,
  current: NoteTable | undefined,
  facts: { notableExists: boolean },
): Checked<Partial<Pick<NoteTable, 'body' | 'notable_type' | 'notable_id' | 'for_beo'>>> {
  const problems = new Problems();
  const changes: Partial<Pick<NoteTable, 'body' | 'notable_type' | 'notable_id' | 'for_beo'>> = {};
  const text = textOf(input, problems);
  const textField = input.body === undefined && input.content !== undefined ? 'content' : 'body';
  if (text !== undefined || !current) {
    const body = text ?? '';
    if (body.trim() === '') problems.attribute(textField, 'A note needs some text.', 'blank');
    problems.text(textField, body, 'lines');
    changes.body = body;
  }
  const named = namesNotable(input);
  if (!current) namingProblems(input, problems);
  const notable = notableOf(input);
  const at = (member: 'type' | 'id') =>
    named
      ? attributePointer(`notable_${member}`)
      : { pointer: `/data/relationships/notable${member === 'id' ? '/data/id' : ''}` };
  if (current && (input.notable !== undefined || named)) {
    problems.add({
      field: 'notable',
      detail: 'A note stays with what it was written about; notable cannot change.',
      code: 'immutable',
      source: at('type'),
    });
  } else if (!current && !notable) {
    if (!named)
      problems.add({
        field: 'notable',
        detail: 'A note is about a booking, event, account or contact: name it (the notable relationship).',
        code: 'required',
        source: at('type'),
      });
  } else if (!current && notable && !facts.notableExists) {
    problems.add({
      field: 'notable',
      detail: `No ${notable.type} resource with the id "${notable.id}" exists in this organization.`,
      code: 'not_found',
      source: at('id'),
    });
  } else if (notable) {
    changes.notable_type = notable.type;
    changes.notable_id = notable.id;
  }
  forBeoRule(input, current?.notable_type ?? notable?.type, changes, problems);
  return { value: changes, problems: problems.list };
}

/** A BEO prints the notes of its booking and of its event (SPEC §13): no other note can be marked for it. */
function forBeoRule(
  input: NoteInput,
  type: NotableType | undefined,
  changes: Partial<Pick<NoteTable, 'for_beo'>>,
  problems: Problems,
): void {
  if (input.for_beo === undefined) return;
  if (input.for_beo && type !== undefined && type !== 'bookings' && type !== 'events') {
    problems.attribute(
      'for_beo',
      'Only a note about a booking or an event prints on a banquet event order.',
      'not_for_beo',
    );
    return;
  }
  changes.for_beo = input.for_beo ? 1 : 0;
}

/** Only the author of a note, or an actor granted others' notes (an admin), may change or delete it: else the refusal. */
export function allowNoteChange(actor: Actor, note: NoteTable): Refusal | undefined {
  if (
    note.author_id !== actor.userId &&
    !grantsAllow(actor.grants, NOTE_ACTIONS.change_others.name, undefined)
  ) {
    return refuse({
      status: 403,
      code: 'not_author',
      detail: 'Only the author of a note or an organization admin may change or delete it.',
    });
  }
  return undefined;
}
