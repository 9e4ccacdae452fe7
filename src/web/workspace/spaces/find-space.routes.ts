/**
 * GET /orgs/:org/find-a-space: which spaces are free when (SPEC §11), asked of the same service
 * as GET /v2/availability. The form is a GET, so a search is an address to share; a bad field is
 * said beside it (422), every one at once.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { availability } from '../../../crm/events/index.js';
import { organizationZone } from '../../../crm/organization/index.js';
import { countRecords } from '../../../crm/records.js';
import { sendPage } from '../../forms.js';
import { FIND_SPACE_FIELDS, type FindSpaceValues, readFindSpace } from './find-space-query.js';
import { findSpacePage } from './find-space.page.js';
import { localDate, localDateTime } from '../time-zones.js';
import { visitorOf } from '../workspace-visitor.js';

const Text = Type.Optional(Type.String({ maxLength: 200 }));
const Query = Type.Object({
  date: Text,
  from: Text,
  to: Text,
  guests: Text,
  setup_style: Text,
  setup_minutes: Text,
  teardown_minutes: Text,
});

export const findSpaceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/orgs/:org/find-a-space',
    {
      schema: {
        params: Type.Object({ org: Type.String({ maxLength: 64 }) }),
        querystring: Query,
      },
    },
    async (request, reply) => {
      const v = visitorOf(request);
      const org = request.params.org;
      const { query } = request;
      const [zone, spaceCount] = await Promise.all([
        organizationZone(db, org),
        countRecords(db, 'spaces', org),
      ]);
      const values: FindSpaceValues = {
        date: query.date ?? '',
        from: query.from ?? '',
        to: query.to ?? '',
        guests: query.guests ?? '',
        setup_style: query.setup_style ?? '',
        setup_minutes: query.setup_minutes ?? '',
        teardown_minutes: query.teardown_minutes ?? '',
      };
      const asked = FIND_SPACE_FIELDS.some((f) => query[f] !== undefined);
      const view = { zone, values, anySpace: spaceCount > 0 };
      if (!asked) {
        // The form alone, on today's date.
        const today = localDate(request.ctx.now(), zone);
        return sendPage(reply, findSpacePage(v, { ...view, values: { ...values, date: today }, errors: {} }));
      }
      const read = readFindSpace(values, zone);
      if (read.errors) return sendPage(reply, findSpacePage(v, { ...view, errors: read.errors }), 422);
      const { query: asking } = read;
      const spaces = await availability(db, org, asking);
      const results = {
        spaces,
        startAt: asking.startAt,
        endAt: asking.endAt,
        guestCount: asking.guestCount,
        setupStyle: asking.setupStyle,
        setupMinutes: asking.setupMinutes ?? 0,
        teardownMinutes: asking.teardownMinutes ?? 0,
        localStart: localDateTime(Date.parse(asking.startAt), zone),
        localEnd: localDateTime(Date.parse(asking.endAt), zone),
      };
      return sendPage(reply, findSpacePage(v, { ...view, errors: {}, results }));
    },
  );
};
