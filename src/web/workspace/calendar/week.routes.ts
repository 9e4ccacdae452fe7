/** GET /orgs/:org/week?week=YYYY-MM-DD: the bookings of one week, Monday to Sunday. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sendPage } from '../../forms.js';
import { nextBookingAfter } from '../../../crm/bookings/index.js';
import { eventsBetween } from '../../../crm/events/index.js';
import { organizationZone } from '../../../crm/organization/index.js';
import { listSpaces } from '../../../crm/spaces/index.js';
import { addDays, isDate, localDate, mondayOf, zonedToUtc } from '../time-zones.js';
import { weekModel } from './week-model.js';
import { weekPage } from './week.page.js';
import { visitorOf } from '../workspace-visitor.js';

export const weekRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/orgs/:org/week',
    {
      schema: {
        params: Type.Object({ org: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({ week: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (request, reply) => {
      const v = visitorOf(request);
      const org = request.params.org;
      const zone = await organizationZone(db, org);
      const today = localDate(request.ctx.now(), zone);
      const monday = mondayOf(isDate(request.query.week) ? request.query.week : today);
      const startAt = new Date(zonedToUtc(monday, zone) ?? 0).toISOString();
      const endAt = new Date(zonedToUtc(addDays(monday, 7), zone) ?? 0).toISOString();
      const [spaces, events] = await Promise.all([
        listSpaces(app.ctx, org),
        eventsBetween(db, org, startAt, endAt),
      ]);
      const next = events.length === 0 ? await nextBookingAfter(db, org, endAt) : undefined;
      const model = weekModel(monday, zone, spaces, events);
      return sendPage(
        reply,
        weekPage(v, {
          monday,
          today,
          zone,
          model,
          spaceCount: spaces.length,
          spaceNames: new Map(spaces.map((s) => [s.id, s.name])),
          next,
        }),
      );
    },
  );
};
