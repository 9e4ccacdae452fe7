/**
 * What the workspace's posts share: a change or removal at the version the form carried (the
 * command refuses it, 412, when the record changed since the page was drawn), and the delete route
 * every kind of record has.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { OrganizationTable, ResourceDefinition } from '../../api/resource-definition.js';
import { type Change, type Command, type Removal, write } from '../../writes/unit-of-work.js';
import { type Form, FormBody, formText } from '../forms.js';
import { recordOf } from './workspace-reads.js';
import { orgPath, visitorOf } from './workspace-visitor.js';

/** The version the form carried, as an If-Match (a form without one matches nothing). */
export function formVersion(form: Form): string {
  return formText(form, 'version') || '"none"';
}

export function changeOf<Input>(form: Form, id: string, input: Input): Change<Input> {
  return { id, ifMatch: formVersion(form), input };
}

export const RecordParams = Type.Object({
  org: Type.String({ maxLength: 64 }),
  id: Type.String({ maxLength: 64 }),
});

/** POST `<path>/:id/delete`: removes the record at the form's version, then goes to `done`. */
export function deleteRoute<Table extends OrganizationTable>(route: {
  path: string;
  definition: ResourceDefinition<Table>;
  command: Command<Removal, void>;
  done: string;
  adminOnly?: boolean;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      `/orgs/:org${route.path}/:id/delete`,
      {
        config: { adminOnly: route.adminOnly ?? false },
        preHandler: app.csrfProtection,
        schema: { params: RecordParams, body: FormBody },
      },
      async (request, reply) => {
        const v = visitorOf(request);
        const row = await recordOf(app.ctx.db, route.definition, request.params.org, request.params.id);
        const removal = { id: row.id, ifMatch: formVersion(request.body) };
        await write(request.ctx.app.writer, v.actor, route.command, removal);
        return reply.redirect(orgPath(v, route.done), 303);
      },
    );
  };
}
