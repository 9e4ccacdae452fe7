/**
 * Settings → Pipelines, for organization admins (checked on every request), through the same
 * commands and rules as /v2/pipelines, /v2/stages and /v2/referral_sources: names required and
 * unique, a stage or source in use and a pipeline's last stage not deleted (the refusal page says
 * why), stages moved up or down one place at a time.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { readContextOf } from '../../../api/resource-definition.js';
import type { FieldProblem } from '../../../errors.js';
import {
  createPipeline,
  createReferralSource,
  createStage,
  listReferralSources,
  moveStage,
  pipelineDefinition,
  pipelineProblems,
  pipelinesWithStages,
  referralSourceDefinition,
  referralSourceProblems,
  stageDefinition,
  stageProblems,
  updatePipeline,
  updateReferralSource,
  updateStage,
} from '../../../crm/pipelines/index.js';
import { recordTag } from '../../../crm/version-tag.js';
import type { Command } from '../../../writes/unit-of-work.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { submit } from '../forms/form-errors.js';
import { type PipelineFormError, pipelinesPage } from './pipelines.page.js';
import { changeOf, formVersion, RecordParams as Params } from '../forms/record-posts.js';
import { pipelineSettingsDeletes } from './pipeline-settings-deletes.routes.js';
import { recordOf } from '../workspace-reads.js';
import { orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const STALE =
  'Someone changed this after the page was drawn; here it is as it is now. Make your change again.';

export const pipelineSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const back = (v: WorkspaceVisitor, notice: string, anchor = '') =>
    orgPath(v, `/settings/pipelines?notice=${notice}${anchor}`);

  async function page(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    extras: { error?: PipelineFormError; notice?: string | undefined },
    status = 200,
  ) {
    const org = v.organization.organizationId;
    const [pipelines, sources, context] = await Promise.all([
      pipelinesWithStages(db, org),
      listReferralSources(db, org),
      readContextOf(db, pipelineDefinition, org),
    ]);
    const versions = new Map<string, string>([
      ...pipelines.map(
        ({ pipeline }) => [pipeline.id, recordTag(pipelineDefinition, pipeline, context)] as const,
      ),
      ...pipelines.flatMap(({ stages }) =>
        stages.map((s) => [s.id, recordTag(stageDefinition, s, undefined)] as const),
      ),
      ...sources.map((s) => [s.id, recordTag(referralSourceDefinition, s, undefined)] as const),
    ]);
    return sendPage(reply, pipelinesPage(v, { pipelines, sources, versions, ...extras }), status);
  }

  /** Writes one name form; on a refusal, the page again with the form's error (422, or 412 when stale). */
  async function post<Input>(
    request: FastifyRequest,
    reply: FastifyReply,
    form: string,
    command: Command<Input, unknown>,
    input: Input,
    problems: () => Promise<readonly FieldProblem[]>,
    done: string,
  ) {
    const v = visitorOf(request);
    const name = formText(request.body as Record<string, string>, 'name');
    const status = formText(request.body as Record<string, string>, 'status');
    const outcome = await submit(request, command, input, {}, problems);
    if (outcome.stale) return page(reply, v, { error: { form, name, status, message: STALE } }, 412);
    if (outcome.errors) {
      const message = outcome.errors.name ?? Object.values(outcome.errors).join(' ');
      return page(reply, v, { error: { form, name, status, message } }, 422);
    }
    return reply.redirect(done, 303);
  }

  app.get(
    '/orgs/:org/settings/pipelines',
    {
      config: { takes: createPipeline.action },
      schema: {
        params: OrgParams,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (request, reply) => page(reply, visitorOf(request), { notice: request.query.notice }),
  );

  const writeRoute = {
    preHandler: app.csrfProtection,
    schema: { params: Params, body: FormBody },
  };
  const orgWriteRoute = { ...writeRoute, schema: { params: OrgParams, body: FormBody } };

  app.post('/orgs/:org/settings/pipelines', orgWriteRoute, async (request, reply) => {
    const v = visitorOf(request);
    const input = { name: formText(request.body, 'name') };
    return post(
      request,
      reply,
      'new-pipeline',
      createPipeline,
      input,
      () => pipelineProblems(db, v.actor, input),
      back(v, 'pipeline-added'),
    );
  });

  app.post('/orgs/:org/settings/pipelines/:id', writeRoute, async (request, reply) => {
    const v = visitorOf(request);
    const pipeline = await recordOf(db, pipelineDefinition, request.params.org, request.params.id);
    const input = { name: formText(request.body, 'name') };
    return post(
      request,
      reply,
      `pipeline-${pipeline.id}`,
      updatePipeline,
      changeOf(request.body, pipeline.id, input),
      () => pipelineProblems(db, v.actor, input, pipeline),
      back(v, 'pipeline-saved', `#pipeline-${pipeline.id}`),
    );
  });

  app.post('/orgs/:org/settings/pipelines/:id/stages', writeRoute, async (request, reply) => {
    const v = visitorOf(request);
    const pipeline = await recordOf(db, pipelineDefinition, request.params.org, request.params.id);
    const input = { name: formText(request.body, 'name'), pipeline_id: pipeline.id };
    return post(
      request,
      reply,
      `new-stage-${pipeline.id}`,
      createStage,
      input,
      () => stageProblems(db, v.actor, input),
      back(v, 'stage-added', `#pipeline-${pipeline.id}`),
    );
  });

  app.post('/orgs/:org/settings/stages/:id', writeRoute, async (request, reply) => {
    const v = visitorOf(request);
    const stage = await recordOf(db, stageDefinition, request.params.org, request.params.id);
    const input = { name: formText(request.body, 'name'), status: formText(request.body, 'status') || null };
    return post(
      request,
      reply,
      `stage-${stage.id}`,
      updateStage,
      changeOf(request.body, stage.id, input),
      () => stageProblems(db, v.actor, input, stage),
      back(v, 'stage-saved', `#stage-${stage.id}`),
    );
  });

  app.post('/orgs/:org/settings/stages/:id/move', writeRoute, async (request, reply) => {
    const v = visitorOf(request);
    const stage = await recordOf(db, stageDefinition, request.params.org, request.params.id);
    const direction = formText(request.body, 'direction') === 'up' ? 'up' : 'down';
    const move = { id: stage.id, ifMatch: formVersion(request.body), direction } as const;
    const outcome = await submit(request, moveStage, move, {}, async () => []);
    if (outcome.stale)
      return page(reply, v, { error: { form: `stage-${stage.id}`, name: stage.name, message: STALE } }, 412);
    return reply.redirect(back(v, 'stage-moved', `#stage-${stage.id}`), 303);
  });

  app.post('/orgs/:org/settings/referral-sources', orgWriteRoute, async (request, reply) => {
    const v = visitorOf(request);
    const input = { name: formText(request.body, 'name') };
    return post(
      request,
      reply,
      'new-source',
      createReferralSource,
      input,
      () => referralSourceProblems(db, v.actor, input),
      back(v, 'source-added', '#referral-sources'),
    );
  });

  app.post('/orgs/:org/settings/referral-sources/:id', writeRoute, async (request, reply) => {
    const v = visitorOf(request);
    const source = await recordOf(db, referralSourceDefinition, request.params.org, request.params.id);
    const input = { name: formText(request.body, 'name') };
    return post(
      request,
      reply,
      `source-${source.id}`,
      updateReferralSource,
      changeOf(request.body, source.id, input),
      () => referralSourceProblems(db, v.actor, input, source),
      back(v, 'source-saved', '#referral-sources'),
    );
  });

  await app.register(pipelineSettingsDeletes);
};
