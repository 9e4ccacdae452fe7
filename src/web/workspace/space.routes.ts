/** Settings → Spaces: the rooms of the venue, managed by its administrators only (checked on every request). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { spaceDefinition } from '../../crm/spaces/space.resource.js';
import { createSpace, deleteSpace, updateSpace, type SpaceInput } from '../../crm/spaces/space.service.js';
import { FormBody, formText, sendPage } from '../forms.js';
import { fieldErrorsOf } from './form-errors.js';
import type { FieldErrors } from './form-fields.js';
import { spaceFormPage, spacesPage, type SpaceValues } from './spaces.page.js';
import { recordOf, spacesOf, versionOf } from './workspace-reads.js';
import { orgPath, requireAdmin, type WorkspaceVisitor, workspaceVisitor } from './workspace-visitor.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const Params = Type.Object({ org: Type.String({ maxLength: 64 }), id: Type.String({ maxLength: 64 }) });

/** The space's input, or the capacity's error when it is not a whole number. */
function spaceInput(values: SpaceValues): { input: SpaceInput; errors: FieldErrors } {
  const capacity = values.capacity.trim();
  if (capacity !== '' && !/^\d{1,7}$/.test(capacity)) {
    return { input: {}, errors: { capacity: 'A capacity is a whole number of guests, at least 1.' } };
  }
  return { input: { name: values.name, capacity: capacity === '' ? null : Number(capacity) }, errors: {} };
}

export const spaceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  async function admin(request: Parameters<typeof workspaceVisitor>[0], reply: FastifyReply, org: string) {
    const v = await workspaceVisitor(request, reply, org);
    requireAdmin(v);
    return v;
  }

  async function list(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    values: SpaceValues,
    errors: FieldErrors,
    notice?: string,
    status = 200,
  ) {
    const spaces = await spacesOf(db, v.organization.organizationId);
    return sendPage(reply, spacesPage(v, { spaces, values, errors, notice }), status);
  }

  app.get(
    '/orgs/:org/settings/spaces',
    {
      schema: {
        params: OrgParams,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (request, reply) => {
      const v = await admin(request, reply, request.params.org);
      return list(reply, v, { name: '', capacity: '' }, {}, request.query.notice);
    },
  );

  app.post(
    '/orgs/:org/settings/spaces',
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = await admin(request, reply, request.params.org);
      const values = { name: formText(request.body, 'name'), capacity: formText(request.body, 'capacity') };
      const { input, errors } = spaceInput(values);
      if (Object.keys(errors).length > 0) return list(reply, v, values, errors, undefined, 422);
      try {
        await db.transaction().execute((trx) => createSpace(trx, v.actor, input, request.ctx.now()));
      } catch (error) {
        return list(reply, v, values, fieldErrorsOf(error), undefined, 422);
      }
      return reply.redirect(orgPath(v, '/settings/spaces?notice=created'), 303);
    },
  );

  app.get('/orgs/:org/settings/spaces/:id', { schema: { params: Params } }, async (request, reply) => {
    const v = await admin(request, reply, request.params.org);
    const s = await recordOf(db, spaceDefinition, request.params.org, request.params.id);
    const values = { name: s.name, capacity: s.capacity === null ? '' : String(s.capacity) };
    return sendPage(
      reply,
      spaceFormPage(v, {
        space: { id: s.id, name: s.name, version: versionOf(spaceDefinition, s) },
        values,
        errors: {},
      }),
    );
  });

  app.post(
    '/orgs/:org/settings/spaces/:id',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = await admin(request, reply, request.params.org);
      const s = await recordOf(db, spaceDefinition, request.params.org, request.params.id);
      const version = formText(request.body, 'version');
      const values = { name: formText(request.body, 'name'), capacity: formText(request.body, 'capacity') };
      const space = { id: s.id, name: s.name, version };
      const { input, errors } = spaceInput(values);
      if (Object.keys(errors).length > 0)
        return sendPage(reply, spaceFormPage(v, { space, values, errors }), 422);
      try {
        await updateSpace(request.ctx, v.actor, s.id, input, version || '"none"');
      } catch (error) {
        return sendPage(reply, spaceFormPage(v, { space, values, errors: fieldErrorsOf(error) }), 422);
      }
      return reply.redirect(orgPath(v, '/settings/spaces?notice=saved'), 303);
    },
  );

  app.post(
    '/orgs/:org/settings/spaces/:id/delete',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = await admin(request, reply, request.params.org);
      const s = await recordOf(db, spaceDefinition, request.params.org, request.params.id);
      await deleteSpace(request.ctx, v.actor, s.id, formText(request.body, 'version') || '"none"');
      return reply.redirect(orgPath(v, '/settings/spaces?notice=deleted'), 303);
    },
  );
};
