/**
 * Deleting a stage or a referral source from Settings → Pipelines (admins only): a page that asks,
 * then the same commands as DELETE /v2/stages and /v2/referral_sources, whose refusals (in use, a
 * pipeline's last stage) the workspace shows in a sentence. A stage's or source's own address is
 * its row on the pipelines page, where the confirmation's Cancel goes.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  deleteReferralSource,
  deleteStage,
  referralSourceDefinition,
  stageDefinition,
} from '../../../crm/pipelines/index.js';
import { deleteRoute, RecordParams as Params } from '../forms/record-posts.js';
import { recordOf } from '../workspace-reads.js';
import { orgPath, visitorOf } from '../workspace-visitor.js';

export const pipelineSettingsDeletes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/orgs/:org/settings/stages/:id',
    { config: { takes: deleteStage.action }, schema: { params: Params } },
    async (request, reply) => {
      const stage = await recordOf(db, stageDefinition, request.params.org, request.params.id);
      return reply.redirect(orgPath(visitorOf(request), `/settings/pipelines#stage-${stage.id}`), 303);
    },
  );

  app.get(
    '/orgs/:org/settings/referral-sources/:id',
    { config: { takes: deleteReferralSource.action }, schema: { params: Params } },
    async (request, reply) => {
      const source = await recordOf(db, referralSourceDefinition, request.params.org, request.params.id);
      return reply.redirect(orgPath(visitorOf(request), `/settings/pipelines#source-${source.id}`), 303);
    },
  );

  await app.register(
    deleteRoute({
      path: '/settings/stages',
      definition: stageDefinition,
      command: deleteStage,
      done: '/settings/pipelines?notice=stage-deleted',
      nameOf: (stage) => `the stage ${stage.name}`,
      consequence:
        'A stage that bookings are at cannot be deleted, nor the last stage of a pipeline; move its bookings to another stage first.',
      section: 'settings',
    }),
  );
  await app.register(
    deleteRoute({
      path: '/settings/referral-sources',
      definition: referralSourceDefinition,
      command: deleteReferralSource,
      done: '/settings/pipelines?notice=source-deleted',
      nameOf: (source) => `the referral source ${source.name}`,
      consequence: 'A referral source that bookings came from cannot be deleted.',
      section: 'settings',
    }),
  );
};
