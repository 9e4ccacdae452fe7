/**
 * The automation editor's pages (SPEC §18), through the same commands and rules as
 * /v2/automations: GET …/new draws an empty editor and POST … adds the automation; GET …/:id/edit
 * draws one and POST …/:id/edit saves it at the version drawn. A post whose button changes the
 * rows (`do`) draws the form again with what was typed; a post to save shows every problem at
 * once beside its control (422). The pages name the action their form takes (decision 0016); a
 * post asks the policy (forbiddenTo) before it reads the form, and its command is judged by the
 * unit of work.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  automationProblems,
  createAutomation,
  findAutomation,
  updateAutomation,
} from '../../../crm/automations/index.js';
import { attempt } from '../../../writes/unit-of-work.js';
import { FormBody, sendPage } from '../../forms.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { forbiddenTo } from '../forms/form-errors.js';
import { formVersion, RecordParams } from '../forms/record-posts.js';
import { sendRefusal } from '../refusals.js';
import { notFound, orgPath, visitorOf } from '../workspace-visitor.js';
import { automationEditorPage } from './automation-editor.page.js';
import { editorInputOf, editorValuesOf, ruleErrors } from './editor-input.js';
import { EMPTY_EDITOR, type EditorValues, editorValuesPosted, rowsChanged } from './editor-values.js';
import { automationNamesOf } from './summary-names.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const PATH = '/orgs/:org/settings/automations';

export const automationEditorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function draw(
    request: FastifyRequest,
    reply: FastifyReply,
    form: {
      values?: EditorValues;
      errors?: FieldErrors;
      automation?: { id: string; name: string; version: string };
    },
    status = 200,
  ) {
    const v = visitorOf(request);
    const { choices } = await automationNamesOf(request.ctx, v.organization.organizationId);
    const view = {
      values: form.values ?? EMPTY_EDITOR,
      choices,
      errors: form.errors ?? {},
      automation: form.automation,
    };
    return sendPage(reply, automationEditorPage(v, view), status);
  }

  app.get(
    `${PATH}/new`,
    { config: { takes: createAutomation.action }, schema: { params: OrgParams } },
    async (request, reply) => draw(request, reply, {}),
  );

  app.post(
    PATH,
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const organizationId = v.organization.organizationId;
      const forbidden = forbiddenTo(request, createAutomation, {});
      if (forbidden) return sendRefusal(request, reply, forbidden);
      const values = editorValuesPosted(request.body);
      const redrawn = rowsChanged(request.body, values);
      if (redrawn) return draw(request, reply, { values: redrawn });
      const { choices } = await automationNamesOf(request.ctx, organizationId);
      const { input, errors: own } = editorInputOf(values, choices);
      // Every problem at once: the form's own, and what the rules find in the rest.
      let errors = ruleErrors(await automationProblems(request.ctx, organizationId, input), own);
      if (Object.keys(errors).length === 0) {
        const outcome = await attempt(request.ctx.app.writer, v.actor, createAutomation, input);
        if (outcome.ok)
          return reply.redirect(orgPath(v, `/settings/automations?notice=added&id=${outcome.value.id}`), 303);
        if (outcome.refusal.problems.length === 0) return sendRefusal(request, reply, outcome.refusal);
        errors = ruleErrors(outcome.refusal.problems, {});
      }
      return draw(request, reply, { values, errors }, 422);
    },
  );

  app.get(
    `${PATH}/:id/edit`,
    { config: { takes: updateAutomation.action }, schema: { params: RecordParams } },
    async (request, reply) => {
      const v = visitorOf(request);
      const organizationId = v.organization.organizationId;
      const found = await findAutomation(request.ctx, organizationId, request.params.id);
      if (!found) throw notFound();
      const { choices } = await automationNamesOf(request.ctx, organizationId);
      const automation = { id: found.value.id, name: found.value.name, version: found.version };
      return draw(request, reply, { values: editorValuesOf(found.value, choices), automation });
    },
  );

  app.post(
    `${PATH}/:id/edit`,
    { preHandler: app.csrfProtection, schema: { params: RecordParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const organizationId = v.organization.organizationId;
      const forbidden = forbiddenTo(request, updateAutomation, {
        id: request.params.id,
        ifMatch: '',
        input: {},
      });
      if (forbidden) return sendRefusal(request, reply, forbidden);
      const found = await findAutomation(request.ctx, organizationId, request.params.id);
      if (!found) throw notFound();
      const version = formVersion(request.body);
      const automation = { id: found.value.id, name: found.value.name, version };
      const values = editorValuesPosted(request.body);
      const redrawn = rowsChanged(request.body, values);
      if (redrawn) return draw(request, reply, { values: redrawn, automation });
      const { choices } = await automationNamesOf(request.ctx, organizationId);
      const { input, errors: own } = editorInputOf(values, choices);
      let errors = ruleErrors(await automationProblems(request.ctx, organizationId, input), own);
      if (Object.keys(errors).length === 0) {
        const change = { id: found.value.id, ifMatch: version, input };
        const outcome = await attempt(request.ctx.app.writer, v.actor, updateAutomation, change);
        if (outcome.ok)
          return reply.redirect(orgPath(v, `/settings/automations/${found.value.id}?notice=saved`), 303);
        if (outcome.refusal.problems.length === 0) return sendRefusal(request, reply, outcome.refusal);
        errors = ruleErrors(outcome.refusal.problems, {});
      }
      return draw(request, reply, { values, errors, automation }, 422);
    },
  );
};
