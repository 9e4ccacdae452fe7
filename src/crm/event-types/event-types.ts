/**
 * An organization's event types (SPEC §15): a short list of values ("Wedding", "Conference")
 * that events name. A value is unique in the organization whatever its case, so a booking's
 * `event_type` "wedding" and a type "Wedding" are the same type. Writes are units of work
 * (src/writes/unit-of-work.ts); a type that events name cannot be deleted.
 */
import type { Db, Trx } from '../../db/database.js';
import { countOf, withAggregates } from '../../db/aggregates.js';
import { refuse } from '../../writes/refusal.js';
import type { Work } from '../../writes/unit-of-work.js';
import { recordCreated } from '../change-events.js';
import { createCommand, deleteCommand, updateCommand } from '../record-commands.js';
import { insertRecord } from '../records.js';
import { type Checked, Problems } from '../validation.js';
import { eventTypeDefinition } from './event-type.resource.js';
import type { EventType } from './event-type.table.js';
import { EVENT_TYPE_ACTIONS } from './event-type.policy.js';

export interface EventTypeInput {
  value?: string | undefined;
}

const MAX_VALUE = 100;

/** The organization's event types (a short list), in the order of their values. */
export function eventTypesOf(db: Db | Trx, organizationId: string): Promise<EventType[]> {
  return db
    .selectFrom('event_types')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('value')
    .orderBy('id')
    .execute();
}

/** How many of the organization's events are of each type, by type id (a type none are of is absent). */
export async function eventCountsByType(db: Db | Trx, organizationId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('events')
    .select(['event_type_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('organization_id', '=', organizationId)
    .where('event_type_id', 'is not', null)
    .groupBy('event_type_id')
    .execute();
  return new Map(withAggregates(rows, 'count').map((r) => [r.event_type_id!, r.count]));
}

const key = (value: string) => value.trim().toLowerCase();

/** The type of `types` with this value, whatever its case. */
export function typeNamed<Type extends Pick<EventType, 'id' | 'value'>>(
  types: readonly Type[],
  value: string | null | undefined,
): Type | undefined {
  if (!value?.trim()) return undefined;
  return types.find((t) => key(t.value) === key(value));
}

/** The rules of an event type: a value of one line, 1–100 characters, unique whatever its case. */
export function checkEventType(
  input: EventTypeInput,
  current: EventType | undefined,
  types: readonly EventType[],
): Checked<Partial<Pick<EventType, 'value'>>> {
  const problems = new Problems();
  if (input.value === undefined && current) return { value: {}, problems: [] };
  const value = input.value?.trim() ?? '';
  if (value === '') problems.attribute('value', 'An event type needs a value, such as Wedding.', 'blank');
  else if (value.length > MAX_VALUE)
    problems.attribute('value', `An event type is at most ${MAX_VALUE} characters.`);
  else if (types.some((t) => t.id !== current?.id && key(t.value) === key(value)))
    problems.attribute('value', `There is an event type "${value}" already.`, 'taken');
  problems.text('value', value, 'name');
  return { value: { value }, problems: problems.list };
}

async function judged(db: Db | Trx, organizationId: string, input: EventTypeInput, current?: EventType) {
  return checkEventType(input, current, await eventTypesOf(db, organizationId));
}

/** Every problem of an event type input, writing nothing (forms, and the API's 422). */
export function eventTypeProblems(
  db: Db,
  actor: { organizationId: string },
  input: EventTypeInput,
  current?: EventType,
) {
  return judged(db, actor.organizationId, input, current).then((checked) => checked.problems);
}

export const createEventType = createCommand<'event_types', EventTypeInput>({
  action: EVENT_TYPE_ACTIONS.create,
  definition: eventTypeDefinition,
  check: (trx, actor, input) => judged(trx, actor.organizationId, input),
  values: (given) => ({ value: given.value ?? '' }),
});

export const updateEventType = updateCommand<'event_types', EventTypeInput>({
  action: EVENT_TYPE_ACTIONS.update,
  definition: eventTypeDefinition,
  check: (trx, actor, input, current) => judged(trx, actor.organizationId, input, current),
});

export const deleteEventType = deleteCommand({
  action: EVENT_TYPE_ACTIONS.delete,
  definition: eventTypeDefinition,
  async before({ trx }, current) {
    const count = await countOf(
      trx
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('event_type_id', '=', current.id),
    );
    if (count > 0) {
      return refuse({
        status: 409,
        code: 'has_dependents',
        detail: `${count} event${count === 1 ? ' is' : 's are'} of this type; give ${count === 1 ? 'it' : 'them'} another type first.`,
      });
    }
  },
});

/**
 * The ids of the organization's event types with these values, each made when there is none yet
 * (a booking's `event_type` names its events' type): a lookup giving null for no value.
 */
export async function eventTypesFor(
  work: Work,
  values: Iterable<string | null | undefined>,
): Promise<(value: string | null | undefined) => string | null> {
  const types: Pick<EventType, 'id' | 'value'>[] = await eventTypesOf(work.trx, work.actor.organizationId);
  for (const value of values) {
    const wanted = value?.trim().slice(0, MAX_VALUE);
    if (!wanted || typeNamed(types, wanted)) continue;
    const made = await insertRecord(
      work.trx,
      'event_types',
      work.actor.organizationId,
      { value: wanted },
      work.now,
    );
    await recordCreated(work.trx, eventTypeDefinition, made, work.now);
    types.push(made);
  }
  return (value) => typeNamed(types, value?.trim().slice(0, MAX_VALUE))?.id ?? null;
}

/** The id of the organization's event type with this value (made if need be); null for none. */
export async function eventTypeFor(work: Work, value: string | null | undefined): Promise<string | null> {
  return (await eventTypesFor(work, [value]))(value);
}
