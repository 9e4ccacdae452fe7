/**
 * Everything a browser sees, in one encapsulated scope: form bodies, cookies, CSRF protection and
 * HTML error pages apply here and not to the JSON APIs. It registers the stylesheet, sign-in,
 * the consent pages of the authorization endpoint, the settings pages and the staff workspace.
 */
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { appSecret } from '../security/app-secrets.js';
import { assetRoutes } from './assets.js';
import { consentRoutes } from './consent/consent.routes.js';
import { connectedAppsRoutes } from './settings/connected-apps.routes.js';
import { integrationsRoutes } from './settings/integrations.routes.js';
import { signInRoutes } from './sign-in/sign-in.routes.js';
import { workspacePlugin } from './workspace/workspace.plugin.js';

export const webPlugin: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, clock } = app.ctx;
  const secureCookies = config.authUrl.startsWith('https:');
  // Every page's errors render as a page.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, errorStyle: 'html' };
  });
  app.removeContentTypeParser(['application/vnd.api+json', 'text/plain']);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(cookie, { secret: await appSecret(db, 'cookie-signing-key', clock.now()) });
  await app.register(csrf, {
    cookieKey: 'marquee_csrf',
    cookieOpts: { signed: true, httpOnly: true, sameSite: 'lax', path: '/', secure: secureCookies },
  });
  await app.register(assetRoutes);
  await app.register(signInRoutes, { secureCookies });
  await app.register(consentRoutes);
  await app.register(integrationsRoutes);
  await app.register(connectedAppsRoutes);
  await app.register(workspacePlugin);
};
