/** Settings → Connected apps (every user): the integrations they authorized, and revoking one. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { isoTime } from '../../clock.js';
import { disconnectApp, listConnectedApps } from '../../oauth/connected-apps.js';
import { sendPage } from '../forms.js';
import { connectedAppsPage } from './connected-apps.page.js';
import { settingsFrame, visitor } from './visitor.js';

const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const connectedAppsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get('/settings', async (request, reply) => {
    const v = await visitor(request);
    return reply.redirect(v.adminOf.length > 0 ? '/settings/integrations' : '/settings/connected-apps', 303);
  });

  app.get(
    '/settings/connected-apps',
    { schema: { querystring: Type.Object({ notice: Type.Optional(Type.String()) }) } },
    async (request, reply) => {
      const v = await visitor(request);
      const apps = await listConnectedApps(db, v.user.id, isoTime(request.ctx.now()));
      const notice =
        request.query.notice === 'revoked'
          ? 'Access revoked; that app can no longer act for you.'
          : undefined;
      const frame = await settingsFrame(reply, v, 'connected-apps');
      return sendPage(reply, connectedAppsPage(frame, apps, v.memberships, notice));
    },
  );

  app.post(
    '/settings/connected-apps/:id/revoke',
    { preHandler: app.csrfProtection, schema: { params: IdParams } },
    async (request, reply) => {
      const v = await visitor(request);
      await disconnectApp(db, v.user.id, request.params.id, isoTime(request.ctx.now()));
      return reply.redirect('/settings/connected-apps?notice=revoked', 303);
    },
  );
};
