/**
 * What every tool of the MCP server (SPEC §16) shares: who calls (the actor, at the `assistant`
 * door), the organization's time zone for the dates and times an assistant gives, results with
 * `structuredContent` and a one-line summary, and refusals in the API's own words (a tool result
 * with `isError`, never a protocol error). Each tool runs in the organization's locale (SPEC §13),
 * so its summary writes days, times and amounts as the workspace does (summary-words.ts).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RequestContext } from '../app-context.js';
import type { CursorCodec } from '../crm/data/cursor.js';
import { ApiError } from '../errors.js';
import type { Actor } from '../policy/actor.js';
import { inReadingLocale, organizationLocale } from '../locale.js';
import { excerpt } from '../text-excerpt.js';
import { instantOf, missingDayWords, zonedToUtc } from '../wall-clock.js';
import { organizationOf } from '../crm/organization/index.js';

export interface ToolContext {
  ctx: RequestContext;
  actor: Actor;
  cursors: CursorCodec;
  baseUrl: string;
}

export function result(summary: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: summary }], structuredContent: structured };
}

export function refused(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** The organization's time zone and locale: how it reads days, times and amounts. */
export interface Venue {
  zone: string;
  locale: string;
}

async function venueOf(tool: ToolContext): Promise<Venue> {
  const row = await organizationOf(tool.ctx.db, tool.actor.organizationId);
  const timezone = row?.timezone ?? 'UTC';
  return { zone: timezone, locale: organizationLocale({ timezone, locale: row?.locale ?? null }) };
}

/**
 * Runs a tool in the organization's locale; a refusal the API would answer with (4xx) becomes a
 * tool error in its words.
 */
export async function answer(
  tool: ToolContext,
  run: (venue: Venue) => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    const venue = await venueOf(tool);
    return await inReadingLocale(venue.locale, () => run(venue));
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      // A custom field's problem names its field: its sentence alone says only what a value must be.
      const custom = /^\/data\/attributes\/custom_fields\/([a-z][a-z0-9_]*)$/;
      const details = [error.toObject(), ...error.more].map((e) => {
        const key = custom.exec(e.source?.pointer ?? '')?.[1];
        return key ? `custom_fields.${key}: ${e.detail}` : e.detail;
      });
      return refused([...new Set(details)].join(' '));
    }
    throw error;
  }
}

const WITH_OFFSET = /(?:Z|[+-]\d{2}:\d{2})$/i;

/**
 * An instant from what an assistant gives: with an offset (or Z) as it says, else a date
 * (YYYY-MM-DD, its midnight) or a date and time (YYYY-MM-DDTHH:MM) in the venue's zone;
 * undefined when it names none (a day that does not exist, such as 2027-02-31, names none).
 */
export function venueInstant(value: string, zone: string): string | undefined {
  const ms = WITH_OFFSET.test(value) ? instantOf(value) : zonedToUtc(value, zone);
  return ms === undefined ? undefined : new Date(ms).toISOString();
}

/**
 * An argument read by venueInstant, or a problem in words added to `problems` (a day that does
 * not exist is named as such; the value is quoted only as a short excerpt).
 */
export function venueTimeArgument(
  name: string,
  value: string | undefined,
  zone: string,
  problems: string[],
): string | undefined {
  if (value === undefined) return undefined;
  const at = venueInstant(value, zone);
  if (at) return at;
  const missing = missingDayWords(value);
  problems.push(
    missing
      ? `${name}: ${missing}`
      : `${name} "${excerpt(value)}" is not a date (YYYY-MM-DD), a date and time (YYYY-MM-DDTHH:MM) or an instant with an offset.`,
  );
  return undefined;
}

export function bookingUrl(tool: ToolContext, bookingId: string): string {
  return `${tool.baseUrl}/orgs/${tool.actor.organizationId}/bookings/${bookingId}`;
}

/** A refusal of bad arguments, every one named at once. */
export class ToolArgumentError extends ApiError {
  constructor(problems: readonly string[]) {
    super(422, 'invalid_argument', problems.join(' '));
  }
}
