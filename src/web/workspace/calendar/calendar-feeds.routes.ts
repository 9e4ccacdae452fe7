/**
 * Settings → Calendar feeds (SPEC §11): every staff member makes and revokes their own feeds. A new
 * feed's address is shown once, in the answer to the form (never in a redirect's URL).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { createFeed, endedFeedsOf, feedsOf, revokeFeed } from '../../../calendar/calendar-feeds.js';
import { organizationZone } from '../../../crm/organization/index.js';
import { listSpaces } from '../../../crm/spaces/index.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { calendarFeedsPage, type CalendarFeedsView } from './calendar-feeds.page.js';
import { attempt } from '../../../writes/unit-of-work.js';
import { sendRefusal } from '../refusals.js';
import { orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const FeedParams = Type.Object({ org: Type.String({ maxLength: 64 }), id: Type.String({ maxLength: 64 }) });

export const calendarFeedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, writer } = app.ctx;

  async function show(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    extras: Partial<CalendarFeedsView> = {},
    status = 200,
  ) {
    const org = v.organization.organizationId;
    const [feeds, ended, spaces, zone] = await Promise.all([
      feedsOf(db, org, v.user.id),
      endedFeedsOf(db, org, v.user.id),
      listSpaces(app.ctx, org),
      organizationZone(db, org),
    ]);
    const view: CalendarFeedsView = {
      feeds,
      ended,
      spaces,
      zone,
      errors: {},
      values: { scope: 'venue', space: '' },
      ...extras,
    };
    return sendPage(reply, calendarFeedsPage(v, view), status);
  }

  app.get(
    '/orgs/:org/settings/calendar-feeds',
    {
      schema: {
        params: OrgParams,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    (request, reply) => show(reply, visitorOf(request), { notice: request.query.notice }),
  );

  app.post(
    '/orgs/:org/settings/calendar-feeds',
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const values = { scope: formText(request.body, 'scope'), space: formText(request.body, 'space') };
      const feed = await attempt(writer, v.actor, createFeed, {
        scope: values.scope,
        spaceId: values.space || undefined,
      });
      if (feed.ok)
        return show(reply, v, { made: `${config.baseUrl}/calendar/${feed.value.secret}.ics` }, 201);
      if (feed.refusal.problems.length === 0) return sendRefusal(request, reply, feed.refusal);
      return show(reply, v, { values, errors: feed.refusal.fieldMessages() }, 422);
    },
  );

  app.post(
    '/orgs/:org/settings/calendar-feeds/:id/revoke',
    { preHandler: app.csrfProtection, schema: { params: FeedParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const revoked = await attempt(writer, v.actor, revokeFeed, { id: request.params.id });
      if (!revoked.ok) return sendRefusal(request, reply, revoked.refusal);
      return reply.redirect(orgPath(v, '/settings/calendar-feeds?notice=revoked'), 303);
    },
  );
};
