/**
 * `GET /healthz`: the process is alive and serving. `GET /readyz`: the database answers, so a
 * load balancer may send traffic here. Neither needs authentication; neither reveals internals.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sql } from 'kysely';

const Status = Type.Object({ status: Type.String() });

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.get('/healthz', { schema: { response: { 200: Status } } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { response: { 200: Status, 503: Status } } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
};
