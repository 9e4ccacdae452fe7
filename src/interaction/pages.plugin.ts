/**
 * Everything a browser sees, in one encapsulated scope: form bodies, cookies and CSRF protection
 * apply here and not to the JSON APIs.
 */
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { authorizeRoutes } from '../oauth/authorize/authorize.routes.js';
import { appSecret } from '../security/app-secrets.js';
import { settingsRoutes } from '../web/settings.routes.js';
import { assetRoutes } from './assets.js';
import { interactionRoutes } from './interaction.routes.js';
import { SignInGuard } from './sign-in.js';

export interface PagesOptions {
  db: Db;
  config: Config;
}

export const pagesPlugin: FastifyPluginAsync<PagesOptions> = async (app, { db, config }) => {
  const secureCookies = config.authUrl.startsWith('https:');
  app.removeContentTypeParser(['application/vnd.api+json', 'text/plain']);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(cookie, { secret: await appSecret(db, 'cookie-signing-key') });
  await app.register(csrf, {
    cookieKey: 'marquee_csrf',
    cookieOpts: { signed: true, httpOnly: true, sameSite: 'lax', path: '/', secure: secureCookies },
  });
  await app.register(assetRoutes);
  await app.register(interactionRoutes, { db, secureCookies, signInGuard: new SignInGuard(db) });
  await app.register(authorizeRoutes, { db, config });
  await app.register(settingsRoutes, { db });
};
