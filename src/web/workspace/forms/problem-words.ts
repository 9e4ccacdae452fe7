/**
 * What the services refuse, in the workspace's words (SPEC §9: the same rule, a human sentence).
 * The services word a problem for the API's readers: attribute names such as `start_at`, and the
 * /v2 address to go to instead. Staff never see those; a problem whose sentence is the API's is
 * said here, from the facts it carries, as the pages name things.
 */
import type { FieldProblem } from '../../../errors.js';

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Attribute → what the booking form calls it, and where staff change it instead. */
const FROM_EVENTS: Record<string, { own: string; change: string }> = {
  start_at: { own: 'its start and end are theirs', change: 'the times' },
  end_at: { own: 'its start and end are theirs', change: 'the times' },
  guest_count: { own: 'its guests are theirs', change: 'the guests' },
  spaces: { own: 'its spaces are theirs', change: 'the spaces' },
};

/** A booking attribute that its events or its line items give, and that an edit tried to change. */
function derivedWords(problem: FieldProblem): string | undefined {
  const events = Number(problem.data?.events);
  const words = FROM_EVENTS[problem.field ?? ''];
  if (words && events > 0) {
    return `This booking has ${counted(events, 'event', 'events')}: ${words.own}. Change ${words.change} on its events.`;
  }
  const lines = Number(problem.data?.lines);
  if (problem.field === 'total_amount' && lines > 0) {
    return `This booking has ${counted(lines, 'line item', 'line items')}: its total is theirs. Change its line items under Pricing.`;
  }
  return undefined;
}

const SAYINGS: Record<string, (problem: FieldProblem) => string | undefined> = {
  derived_attribute: derivedWords,
};

/** An address of the API or the assistants' door in a sentence. */
const API_ADDRESS = /(^|[\s("'])\/(v2|mcp|oauth)(\/|\b)/;

/** The sentence staff read for a problem. */
export function workspaceWords(problem: Pick<FieldProblem, 'detail'> & Partial<FieldProblem>): string {
  const said = SAYINGS[problem.code ?? '']?.(problem as FieldProblem);
  if (said !== undefined) return said;
  // A sentence sending its reader to an API address was written for integrators; no page says it.
  return API_ADDRESS.test(problem.detail) ? 'This cannot be changed here.' : problem.detail;
}
