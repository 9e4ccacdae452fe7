/** Settings → Spaces: the rooms of the venue, managed by its administrators only (checked on every request). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import {
  createSpace,
  deleteSpace,
  type SpaceInput,
  spaceProblems,
  updateSpace,
} from '../../crm/spaces/space.commands.js';
import { listSpaces } from '../../crm/spaces/space.reads.js';
import { spaceDefinition } from '../../crm/spaces/space.resource.js';
import { FormBody, formText, sendPage } from '../forms.js';
import { submit } from './form-errors.js';
import type { FieldErrors } from './form-fields.js';
import { spaceFormPage, spacesPage, type SpaceValues } from './spaces.page.js';
import { changeOf, deleteRoute, RecordParams as Params } from './record-posts.js';
import { recordOf, versionOf } from './workspace-reads.js';
import { orgPath, type WorkspaceVisitor, visitorOf } from './workspace-visitor.js';

const ADMINS = { adminOnly: 'manage its spaces' };

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });

/** The space's input, and the capacity's error when it is not a whole number. */
function spaceInput(values: SpaceValues): { input: SpaceInput; errors: FieldErrors } {
  const capacity = values.capacity.trim();
  if (capacity !== '' && !/^\d{1,7}$/.test(capacity)) {
    return {
      input: { name: values.name },
      errors: { capacity: 'A capacity is a whole number of guests, at least 1.' },
    };
  }
  return { input: { name: values.name, capacity: capacity === '' ? null : Number(capacity) }, errors: {} };
}

export const spaceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  async function list(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    values: SpaceValues,
    errors: FieldErrors,
    notice?: string,
    status = 200,
  ) {
    const spaces = await listSpaces(db, v.organization.organizationId);
    return sendPage(reply, spacesPage(v, { spaces, values, errors, notice }), status);
  }

  app.get(
    '/orgs/:org/settings/spaces',
    {
      config: ADMINS,
      schema: {
        params: OrgParams,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (request, reply) => {
      return list(reply, visitorOf(request), { name: '', capacity: '' }, {}, request.query.notice);
    },
  );

  app.post(
    '/orgs/:org/settings/spaces',
    { config: ADMINS, preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const values = { name: formText(request.body, 'name'), capacity: formText(request.body, 'capacity') };
      const { input, errors } = spaceInput(values);
      const outcome = await submit(request, createSpace, input, errors, () =>
        spaceProblems(db, v.actor, input),
      );
      if (outcome.errors) return list(reply, v, values, outcome.errors, undefined, 422);
      return reply.redirect(orgPath(v, '/settings/spaces?notice=created'), 303);
    },
  );

  app.get(
    '/orgs/:org/settings/spaces/:id',
    { config: ADMINS, schema: { params: Params } },
    async (request, reply) => {
      const v = visitorOf(request);
      const s = await recordOf(db, spaceDefinition, request.params.org, request.params.id);
      const values = { name: s.name, capacity: s.capacity === null ? '' : String(s.capacity) };
      return sendPage(
        reply,
        spaceFormPage(v, {
          space: { id: s.id, name: s.name, version: await versionOf(db, spaceDefinition, s) },
          values,
          errors: {},
        }),
      );
    },
  );

  app.post(
    '/orgs/:org/settings/spaces/:id',
    { config: ADMINS, preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const s = await recordOf(db, spaceDefinition, request.params.org, request.params.id);
      const version = formText(request.body, 'version');
      const values = { name: formText(request.body, 'name'), capacity: formText(request.body, 'capacity') };
      const space = { id: s.id, name: s.name, version };
      const { input, errors } = spaceInput(values);
      const change = changeOf(request.body, s.id, input);
      const outcome = await submit(request, updateSpace, change, errors, () =>
        spaceProblems(db, v.actor, input, s),
      );
      if (outcome.stale) {
        const now = await recordOf(db, spaceDefinition, request.params.org, request.params.id);
        const saved = { name: now.name, capacity: now.capacity === null ? '' : String(now.capacity) };
        const current = { ...space, version: await versionOf(db, spaceDefinition, now) };
        return sendPage(reply, spaceFormPage(v, { space: current, values, errors: {}, saved }), 412);
      }
      if (outcome.errors)
        return sendPage(reply, spaceFormPage(v, { space, values, errors: outcome.errors }), 422);
      return reply.redirect(orgPath(v, '/settings/spaces?notice=saved'), 303);
    },
  );
  await app.register(
    deleteRoute({
      path: '/settings/spaces',
      definition: spaceDefinition,
      command: deleteSpace,
      done: '/settings/spaces?notice=deleted',
      adminOnly: 'manage its spaces',
      nameOf: (space) => space.name,
      consequence: 'A space that bookings hold cannot be deleted; move them to another space first.',
      section: 'settings',
    }),
  );
};
