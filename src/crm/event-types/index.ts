/**
 * Event types, the venue's short list of the kinds of event it holds (SPEC §15): the one face the
 * rest of the house uses (docs/decisions/0017-faces-codecs-and-fields.md) — the policy, the
 * commands and their rules, the queries and the resource. Text alone: nothing is decoded, and the
 * value is the row's own shape (`EventType`).
 */
export { EVENT_TYPE_ACTIONS } from './event-type.policy.js';
export type { EventType } from './event-type.table.js';
export {
  checkEventType,
  createEventType,
  deleteEventType,
  eventCountsByType,
  eventTypeFor,
  type EventTypeInput,
  eventTypeProblems,
  eventTypesFor,
  eventTypesOf,
  typeNamed,
  updateEventType,
} from './event-types.js';
export { eventTypeDefinition } from './event-type.resource.js';
