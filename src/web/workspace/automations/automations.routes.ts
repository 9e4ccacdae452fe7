/**
 * Settings → Automations (SPEC §18), for the organization's admins, through the same commands and
 * rules as /v2/automations: POST …/shipped makes a shipped automation by its key, on; POST
 * …/:id/enabled turns one on or off at the version drawn; the editor (automation-editor.routes.ts)
 * adds the venue's own and edits any; …/:id/delete asks, then deletes; GET …/:id reads it back in
 * words — what starts it, its conditions, its steps (an e-mail's approval ticked there and saved by
 * POST …/:id/steps) and what stops it — with its latest runs.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  automationSummary,
  createAutomation,
  deleteAutomation,
  findAutomation,
  listAutomationRuns,
  listVersionedAutomations,
  updateAutomation,
} from '../../../crm/automations/index.js';
import { organizationZone } from '../../../crm/organization/index.js';
import { attempt } from '../../../writes/unit-of-work.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { confirmDeletePage } from '../forms/confirm-delete.page.js';
import { formVersion, RecordParams } from '../forms/record-posts.js';
import { sendRefusal } from '../refusals.js';
import { notFound, orgPath, visitorOf } from '../workspace-visitor.js';
import { automationRunsPage } from './automation-runs.page.js';
import { automationEditorRoutes } from './automation-editor.routes.js';
import { automationsPage } from './automations.page.js';
import { stepsPosted } from './automation-steps-form.js';
import { automationNamesOf, summaryNamesOf } from './summary-names.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const PATH = '/orgs/:org/settings/automations';
const RUNS_SHOWN = 50;

/** The page's notice after a change: what changed, by the automation's name. */
const NOTICES: Record<string, (name: string) => string> = {
  on: (name) => `${name} turned on.`,
  off: (name) => `${name} turned off: its waiting runs stopped.`,
  added: (name) => `${name} added, and on.`,
  deleted: () => 'Automation deleted.',
};

/** The automation's page's notice after a change made from it. */
const PAGE_NOTICES: Record<string, string> = { steps: 'Steps saved.', saved: 'Automation saved.' };

export const automationSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(automationEditorRoutes);
  async function show(
    request: FastifyRequest,
    reply: FastifyReply,
    form: { notice?: { key: string; id?: string } },
  ) {
    const v = visitorOf(request);
    const organizationId = v.organization.organizationId;
    const [automations, names] = await Promise.all([
      listVersionedAutomations(request.ctx, organizationId),
      summaryNamesOf(request.ctx, organizationId),
    ]);
    const said = form.notice ? NOTICES[form.notice.key] : undefined;
    const named = automations.find((a) => a.value.id === form.notice?.id)?.value.name ?? 'The automation';
    const notice = said?.(named);
    return sendPage(reply, automationsPage(v, { automations, names, notice }));
  }

  const done = (request: FastifyRequest, reply: FastifyReply, notice: string, id?: string) =>
    reply.redirect(
      orgPath(visitorOf(request), `/settings/automations?notice=${notice}${id ? `&id=${id}` : ''}`),
      303,
    );

  app.get(
    PATH,
    {
      config: { takes: createAutomation.action },
      schema: {
        params: OrgParams,
        querystring: Type.Object({
          notice: Type.Optional(Type.String({ maxLength: 40 })),
          id: Type.Optional(Type.String({ maxLength: 64 })),
        }),
      },
    },
    async (request, reply) => {
      const { notice, id } = request.query;
      return show(request, reply, notice ? { notice: { key: notice, ...(id ? { id } : {}) } } : {});
    },
  );

  app.post(
    `${PATH}/shipped`,
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const input = { key: formText(request.body, 'key'), enabled: true };
      const outcome = await attempt(
        request.ctx.app.writer,
        visitorOf(request).actor,
        createAutomation,
        input,
      );
      if (!outcome.ok) return sendRefusal(request, reply, outcome.refusal);
      return done(request, reply, 'on', outcome.value.id);
    },
  );

  app.post(
    `${PATH}/:id/enabled`,
    { preHandler: app.csrfProtection, schema: { params: RecordParams, body: FormBody } },
    async (request, reply) => {
      const enabled = formText(request.body, 'enabled') === 'true';
      const change = { id: request.params.id, ifMatch: formVersion(request.body), input: { enabled } };
      const outcome = await attempt(
        request.ctx.app.writer,
        visitorOf(request).actor,
        updateAutomation,
        change,
      );
      if (!outcome.ok) return sendRefusal(request, reply, outcome.refusal);
      return done(request, reply, enabled ? 'on' : 'off', outcome.value.id);
    },
  );

  app.get(
    `${PATH}/:id`,
    {
      config: { takes: updateAutomation.action },
      schema: {
        params: RecordParams,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (request, reply) => {
      const v = visitorOf(request);
      const organizationId = v.organization.organizationId;
      const found = await findAutomation(request.ctx, organizationId, request.params.id);
      if (!found) throw notFound();
      const [runs, { names }, zone] = await Promise.all([
        listAutomationRuns(request.ctx, organizationId, found.value.id, RUNS_SHOWN),
        automationNamesOf(request.ctx, organizationId),
        organizationZone(request.ctx.db, organizationId),
      ]);
      const summary = automationSummary(found.value, names);
      const notice = PAGE_NOTICES[request.query.notice ?? ''];
      const view = { automation: found.value, version: found.version, names, summary, runs, zone, notice };
      return sendPage(reply, automationRunsPage(v, { ...view, limit: RUNS_SHOWN }));
    },
  );

  app.post(
    `${PATH}/:id/steps`,
    { preHandler: app.csrfProtection, schema: { params: RecordParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const found = await findAutomation(request.ctx, v.organization.organizationId, request.params.id);
      if (!found) throw notFound();
      const steps = stepsPosted(request.body, found.value.steps);
      const change = { id: found.value.id, ifMatch: formVersion(request.body), input: { steps } };
      const outcome = await attempt(request.ctx.app.writer, v.actor, updateAutomation, change);
      if (!outcome.ok) return sendRefusal(request, reply, outcome.refusal);
      return reply.redirect(orgPath(v, `/settings/automations/${found.value.id}?notice=steps`), 303);
    },
  );

  app.get(
    `${PATH}/:id/delete`,
    { config: { takes: deleteAutomation.action }, schema: { params: RecordParams } },
    async (request, reply) => {
      const v = visitorOf(request);
      const found = await findAutomation(request.ctx, v.organization.organizationId, request.params.id);
      if (!found) throw notFound();
      const deletion = {
        name: found.value.name,
        consequence: 'Its runs go with it: the steps they still had to take are not taken.',
        action: orgPath(v, `/settings/automations/${found.value.id}/delete`),
        version: found.version,
        cancelHref: orgPath(v, '/settings/automations'),
        section: 'settings' as const,
      };
      return sendPage(reply, confirmDeletePage(v, deletion));
    },
  );

  app.post(
    `${PATH}/:id/delete`,
    { preHandler: app.csrfProtection, schema: { params: RecordParams, body: FormBody } },
    async (request, reply) => {
      const removal = { id: request.params.id, ifMatch: formVersion(request.body) };
      const outcome = await attempt(
        request.ctx.app.writer,
        visitorOf(request).actor,
        deleteAutomation,
        removal,
      );
      if (!outcome.ok) return sendRefusal(request, reply, outcome.refusal);
      return done(request, reply, 'deleted');
    },
  );
};
