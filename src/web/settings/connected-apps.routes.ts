/** Settings → Connected apps (every user): the integrations they authorized, and revoking one. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { isoTime } from '../../clock.js';
import { disconnectApp, listConnectedApps } from '../../oauth/connected-apps.js';
import { sendPage } from '../forms.js';
import { html } from '../html.js';
import { HtmlError } from '../html-error.js';
import { confirmPage } from './confirm.page.js';
import { connectedAppsPage } from './connected-apps.page.js';
import { readingLocaleHook, settingsFrame, visitor } from './visitor.js';

const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const connectedAppsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.addHook('onRequest', readingLocaleHook);

  app.get('/settings', async (request, reply) => {
    const v = await visitor(request);
    return reply.redirect(v.managing.length > 0 ? '/settings/integrations' : '/settings/connected-apps', 303);
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

  app.get('/settings/connected-apps/:id/revoke', { schema: { params: IdParams } }, async (request, reply) => {
    const v = await visitor(request);
    const apps = await listConnectedApps(db, v.user.id, isoTime(request.ctx.now()));
    const connected = apps.find((a) => a.integrationId === request.params.id);
    if (!connected) throw new HtmlError(404, 'Not found', 'You have not connected this app.');
    const frame = await settingsFrame(reply, v, 'connected-apps');
    const page = confirmPage(frame, {
      title: `Revoke ${connected.integrationName}?`,
      consequence: html`${connected.integrationName} loses all of its access for you <strong>at once</strong>:
          every token it holds from your authorization stops working. To use it again, you would
          connect it anew.`,
      action: `/settings/connected-apps/${connected.integrationId}/revoke`,
      button: `Revoke ${connected.integrationName}`,
      cancelHref: '/settings/connected-apps',
    });
    return sendPage(reply, page);
  });

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
