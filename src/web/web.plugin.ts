/**
 * Everything a browser sees, in one encapsulated scope: form bodies, cookies, CSRF protection and
 * HTML error pages apply here and not to the JSON APIs. It registers the stylesheet, sign-in,
 * the consent pages of the authorization endpoint, the settings pages, the staff workspace and the
 * client portal.
 */
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assetRoutes } from './assets.js';
import { consentRoutes } from './consent/consent.routes.js';
import { connectedAppsRoutes } from './settings/connected-apps.routes.js';
import { registerCookiesAndCsrf } from './session/csrf-binding.js';
import { integrationsRoutes } from './settings/integrations.routes.js';
import { signInRoutes } from './sign-in/sign-in.routes.js';
import { workspacePlugin } from './workspace/workspace.plugin.js';
import { portalRoutes } from './portal/portal.routes.js';

export const webPlugin: FastifyPluginAsyncTypebox = async (app) => {
  // Every page's errors render as a page.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, errorStyle: 'html' };
  });
  // Pages carry venue data and CSRF tokens: no browser or proxy keeps them (the stylesheet and
  // the icon say otherwise for themselves).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
  app.removeContentTypeParser(['application/vnd.api+json', 'text/plain']);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await registerCookiesAndCsrf(app);
  await app.register(assetRoutes);
  await app.register(signInRoutes);
  await app.register(consentRoutes);
  await app.register(integrationsRoutes);
  await app.register(connectedAppsRoutes);
  await app.register(workspacePlugin);
  await app.register(portalRoutes);
};
