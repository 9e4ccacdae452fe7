/**
 * GET /calendar/<secret>.ics (SPEC §11): a private calendar feed, opened by its secret alone (no
 * other authentication: calendar clients send none). An unknown, revoked or lapsed secret (its
 * owner no longer a member) is a 404 like any other; the secret never reaches the log
 * (src/http/logger.ts). `ETag` and `If-None-Match` spare a client that polls the same calendar.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createHash } from 'node:crypto';
import { Type } from 'typebox';
import { noneMatch } from '../crm/data/etag.js';
import { feedBySecret, noteUse } from './calendar-feeds.js';
import { feedCalendar } from './feed-calendar.js';

export const calendarRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  app.get(
    '/calendar/:file',
    {
      schema: {
        hide: true,
        params: Type.Object({ file: Type.String({ maxLength: 200 }) }),
      },
    },
    async (request, reply) => {
      const secret = request.params.file.replace(/\.ics$/, '');
      const feed = request.params.file.endsWith('.ics') ? await feedBySecret(db, secret) : undefined;
      reply.header('Cache-Control', 'private, no-cache').header('Referrer-Policy', 'no-referrer');
      if (!feed) return reply.code(404).type('text/plain; charset=utf-8').send('No such calendar feed.\n');
      const now = request.ctx.now();
      await noteUse(db, feed, now);
      const [organization, space] = await Promise.all([
        db
          .selectFrom('organizations')
          .select('name')
          .where('id', '=', feed.organization_id)
          .executeTakeFirstOrThrow(),
        feed.space_id
          ? db.selectFrom('spaces').select('name').where('id', '=', feed.space_id).executeTakeFirst()
          : undefined,
      ]);
      const label =
        feed.scope === 'mine'
          ? 'My bookings'
          : feed.scope === 'space'
            ? (space?.name ?? 'Space')
            : 'Whole venue';
      const body = await feedCalendar(
        db,
        feed,
        { baseUrl: config.baseUrl, venue: organization.name, label },
        now,
      );
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      reply.header('ETag', etag);
      if (!noneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('text/calendar; charset=utf-8').send(body);
    },
  );
};
