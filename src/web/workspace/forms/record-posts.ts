/**
 * What the workspace's posts share: a change or removal at the version the form carried (the
 * command refuses it, 412, when the record changed since the page was drawn), and the delete route
 * every kind of record has.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { OrganizationTable, ResourceDefinition, RowOf } from '../../../api/resource-definition.js';
import type { Refusal } from '../../../writes/refusal.js';
import { attempt, type Change, type Command, type Removal } from '../../../writes/unit-of-work.js';
import { type Form, FormBody, formText, sendPage } from '../../forms.js';
import { confirmDeletePage } from './confirm-delete.page.js';
import type { Section } from '../workspace-layout.js';
import { sendRefusal } from '../refusals.js';
import { recordOf, versionOf } from '../workspace-reads.js';
import { orgPath, visitorOf } from '../workspace-visitor.js';

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

/**
 * GET `<path>/:id/delete`, a page that asks (confirm-delete.page.ts), and POST `<path>/:id/delete`,
 * which removes the record at the form's version, then goes to `done` (or, refused, to `refused`).
 */
export function deleteRoute<Table extends OrganizationTable>(route: {
  path: string;
  definition: ResourceDefinition<Table>;
  command: Command<Removal, unknown>;
  /** Where to go once it is gone (for an event: its booking's page). */
  done: string | ((row: RowOf<Table>) => string);
  /** How the confirmation names the record (reading what else it needs), and what goes with it or stays. */
  nameOf(row: RowOf<Table>): string | Promise<string>;
  consequence: string;
  section: Section;
  /** Shows a refusal of the rules (409) on the feature's own page; without it, the refusal page says it. */
  refused?(request: FastifyRequest, reply: FastifyReply, row: RowOf<Table>, refusal: Refusal): unknown;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      `/orgs/:org${route.path}/:id/delete`,
      { config: { takes: route.command.action }, schema: { params: RecordParams } },
      async (request, reply) => {
        const v = visitorOf(request);
        const row = await recordOf(app.ctx.db, route.definition, request.params.org, request.params.id);
        const page = orgPath(v, `${route.path}/${row.id}`);
        const deletion = {
          name: await route.nameOf(row),
          consequence: route.consequence,
          action: `${page}/delete`,
          version: await versionOf(app.ctx.db, route.definition, row),
          cancelHref: page,
          section: route.section,
        };
        return sendPage(reply, confirmDeletePage(v, deletion));
      },
    );

    app.post(
      `/orgs/:org${route.path}/:id/delete`,
      { preHandler: app.csrfProtection, schema: { params: RecordParams, body: FormBody } },
      async (request, reply) => {
        const v = visitorOf(request);
        const row = await recordOf(app.ctx.db, route.definition, request.params.org, request.params.id);
        const removal = { id: row.id, ifMatch: formVersion(request.body) };
        const outcome = await attempt(request.ctx.app.writer, v.actor, route.command, removal);
        if (!outcome.ok) {
          const { refusal } = outcome;
          if (route.refused && refusal.status === 409) return route.refused(request, reply, row, refusal);
          return sendRefusal(request, reply, refusal);
        }
        return reply.redirect(orgPath(v, typeof route.done === 'string' ? route.done : route.done(row)), 303);
      },
    );
  };
}
