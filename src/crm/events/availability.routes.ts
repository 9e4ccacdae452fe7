/**
 * GET /v2/availability (SPEC §11): each space of the organization for a stretch of time, free,
 * held by options or taken, with the holds in the way. Needs crm_read. Every bad parameter is
 * named at once (400).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, JSONAPI_MEDIA_TYPE, StringEnum, Timestamp } from '../../api/jsonapi.js';
import { ApiHeaders, READ_SECURITY } from '../../api/route-schemas.js';
import { BadParametersError } from '../../errors.js';
import { excerpt } from '../../text-excerpt.js';
import { instantOf, missingDayWords } from '../../wall-clock.js';
import { BOOKING_STATUSES } from '../bookings/beneath.js';
import { type AvailabilityQuery, availability } from './availability.js';
import { SETUP_STYLES } from './event.table.js';

const Param = (description: string) => Type.Optional(Type.String({ maxLength: 64, description }));

const Query = Type.Object(
  {
    start_at: Param('Start of the stretch (RFC 3339, with its offset); required'),
    end_at: Param('End of the stretch (RFC 3339); required, after start_at and at most two years after it'),
    guest_count: Param('Guests: each space says whether they fit'),
    setup_style: Param(`One of ${SETUP_STYLES.join(', ')}: capacities are read for it`),
    setup_minutes: Param('Minutes held before start_at (0–1440)'),
    teardown_minutes: Param('Minutes held after end_at (0–1440)'),
  },
  { additionalProperties: false },
);

const Holding = Type.Object({
  booking_id: Type.String(),
  booking_reference: Type.String(),
  booking_name: Type.String(),
  status: StringEnum(BOOKING_STATUSES),
  event_id: Type.String(),
  event_name: Type.String(),
  start_at: Timestamp,
  end_at: Timestamp,
});

const SpaceAvailabilityResource = Type.Object({
  type: Type.Literal('space_availability'),
  id: Type.String({ description: "The space's id" }),
  attributes: Type.Object({
    space_name: Type.String(),
    capacity: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Guests it takes for the setup style asked about (else its capacity)',
    }),
    fits: Type.Boolean({ description: 'Whether the guests asked about fit (true when none were)' }),
    state: StringEnum(
      ['free', 'held', 'taken'] as const,
      'taken: a definite event occupies it; held: only options do',
    ),
    holds: Type.Array(Holding),
  }),
});

const AvailabilityDocument = Type.Object({
  data: Type.Array(SpaceAvailabilityResource),
  links: Type.Object({ self: Type.String() }),
});

/** The longest stretch one question covers: every event in it is read. */
export const MAX_SPAN_YEARS = 2;

/** The same instant `years` later in the UTC calendar (29 February onto 1 March). */
function yearsLater(iso: string, years: number): number {
  const at = new Date(iso);
  at.setUTCFullYear(at.getUTCFullYear() + years);
  return at.getTime();
}

export type AvailabilityParameters = Partial<Record<keyof typeof Query.properties, string>>;

/** The query, or every bad parameter at once. */
export function readAvailabilityQuery(raw: AvailabilityParameters): AvailabilityQuery {
  const problems: Array<{ parameter: string; detail: string }> = [];
  const time = (name: 'start_at' | 'end_at') => {
    const value = raw[name];
    if (value === undefined || value === '') {
      problems.push({ parameter: name, detail: `${name} is required: an RFC 3339 date-time.` });
      return undefined;
    }
    const ms = instantOf(value);
    if (ms === undefined) {
      const missing = missingDayWords(value);
      problems.push({
        parameter: name,
        detail: missing
          ? `${name}: ${missing}`
          : `${name} "${excerpt(value)}" is not an RFC 3339 date-time with an offset, such as 2027-06-14T18:00:00Z.`,
      });
      return undefined;
    }
    return new Date(ms).toISOString();
  };
  const whole = (name: 'guest_count' | 'setup_minutes' | 'teardown_minutes', max: number) => {
    const value = raw[name];
    if (value === undefined) return undefined;
    if (!/^\d{1,7}$/.test(value) || Number(value) > max) {
      problems.push({ parameter: name, detail: `${name} is a whole number from 0 to ${max}.` });
      return undefined;
    }
    return Number(value);
  };
  const startAt = time('start_at');
  const endAt = time('end_at');
  if (startAt && endAt && !(startAt < endAt)) {
    problems.push({ parameter: 'end_at', detail: 'end_at must be after start_at.' });
  } else if (startAt && endAt && Date.parse(endAt) > yearsLater(startAt, MAX_SPAN_YEARS)) {
    problems.push({
      parameter: 'end_at',
      detail: `A stretch of at most ${MAX_SPAN_YEARS} years is looked at once: end_at must be at most ${MAX_SPAN_YEARS} years after start_at.`,
    });
  }
  const guestCount = whole('guest_count', 1_000_000);
  const setupMinutes = whole('setup_minutes', 1440);
  const teardownMinutes = whole('teardown_minutes', 1440);
  const setupStyle = raw.setup_style;
  if (setupStyle !== undefined && !(SETUP_STYLES as readonly string[]).includes(setupStyle)) {
    problems.push({
      parameter: 'setup_style',
      detail: `"${setupStyle}" is not one of ${SETUP_STYLES.join(', ')}.`,
    });
  }
  if (problems.length > 0) throw new BadParametersError(problems);
  return { startAt: startAt!, endAt: endAt!, guestCount, setupStyle, setupMinutes, teardownMinutes };
}

export const availabilityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app.ctx;
  app.get(
    '/v2/availability',
    {
      config: { scope: 'crm_read' },
      schema: {
        tags: ['Availability'],
        summary: 'What is free when',
        description:
          'Each space of the organization for the stretch from start_at − setup_minutes to end_at + teardown_minutes: free, held (only lead or tentative events occupy it) or taken (a definite event occupies it, directly, through a part or through a combined space it is part of; a shareable space is never taken), with the holds in the way, its capacity for the setup style and whether the guests fit. Needs crm_read.',
        security: READ_SECURITY,
        headers: ApiHeaders,
        querystring: Query,
        response: { 200: AvailabilityDocument, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const query = readAvailabilityQuery(request.query as AvailabilityParameters);
      const spaces = await availability(request.ctx.db, request.apiAuth.organizationId, query);
      reply.type(JSONAPI_MEDIA_TYPE);
      return {
        data: spaces.map((s) => ({
          type: 'space_availability' as const,
          id: s.spaceId,
          attributes: {
            space_name: s.spaceName,
            capacity: s.capacity,
            fits: s.fits,
            state: s.state,
            holds: s.holds,
          },
        })),
        links: { self: `${config.baseUrl}${request.url}` },
      };
    },
  );
};
