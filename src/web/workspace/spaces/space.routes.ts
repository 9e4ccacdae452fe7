/**
 * Settings → Spaces: the rooms of the venue, managed by those the policy lets change them (its
 * administrators), through the same commands and rules as /v2/spaces: parts one level deep, never a
 * cycle, and no new parts under which two definite bookings would hold the same room at once
 * (409, named and linked).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import {
  createSpace,
  deleteSpace,
  findSpace,
  listSpaces,
  spaceDefinition,
  spaceProblems,
  updateSpace,
} from '../../../crm/spaces/index.js';
import { spaceClashOf } from '../../../crm/events/index.js';
import { organizationZone } from '../../../crm/organization/index.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { partsClashSentence, unsharedClashSentence } from '../forms/conflict.view.js';
import { attemptSubmit, submit } from '../forms/form-errors.js';
import type { FieldErrors } from '../forms/form-fields.js';
import {
  archivedAt,
  blankSpace,
  spaceFormValues,
  spaceInput,
  type SpaceValues,
  spaceValuesOf,
} from './space-input.js';
import { spaceFormPage, spacesPage } from './spaces.page.js';
import { changeOf, deleteRoute, RecordParams as Params } from '../forms/record-posts.js';
import { sendRefusal } from '../refusals.js';
import { notFound, orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });

export const spaceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  /** The organization's space the address names, or the 404 page. */
  async function spaceOf(organizationId: string, id: string) {
    const found = await findSpace(app.ctx, organizationId, id);
    if (!found) throw notFound();
    return found;
  }

  async function list(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    values: SpaceValues,
    errors: FieldErrors,
    notice?: string,
    status = 200,
  ) {
    const spaces = await listSpaces(app.ctx, v.organization.organizationId);
    return sendPage(reply, spacesPage(v, { spaces, values, errors, notice }), status);
  }

  async function form(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    view: Omit<Parameters<typeof spaceFormPage>[1], 'spaces'>,
    status = 200,
  ) {
    const spaces = await listSpaces(app.ctx, v.organization.organizationId);
    return sendPage(reply, spaceFormPage(v, { ...view, spaces }), status);
  }

  app.get(
    '/orgs/:org/settings/spaces',
    {
      config: { takes: createSpace.action },
      schema: {
        params: OrgParams,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (request, reply) => {
      return list(reply, visitorOf(request), blankSpace(), {}, request.query.notice);
    },
  );

  app.post(
    '/orgs/:org/settings/spaces',
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const values = spaceFormValues(request.body, false);
      const { input, errors } = spaceInput(values, false);
      const outcome = await submit(request, createSpace, input, errors, () =>
        spaceProblems(app.ctx, v.actor, input),
      );
      if (outcome.errors) return list(reply, v, values, outcome.errors, undefined, 422);
      return reply.redirect(orgPath(v, '/settings/spaces?notice=created'), 303);
    },
  );

  app.get(
    '/orgs/:org/settings/spaces/:id',
    { config: { takes: updateSpace.action }, schema: { params: Params } },
    async (request, reply) => {
      const v = visitorOf(request);
      const { value: s, version } = await spaceOf(request.params.org, request.params.id);
      const space = { id: s.id, name: s.name, version };
      return form(reply, v, { space, values: spaceValuesOf(s), errors: {} });
    },
  );

  app.post(
    '/orgs/:org/settings/spaces/:id',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const { value: s } = await spaceOf(request.params.org, request.params.id);
      const version = formText(request.body, 'version');
      const values = spaceFormValues(request.body, true);
      const space = { id: s.id, name: s.name, version };
      const read = spaceInput(values, true);
      const { errors } = read;
      const input = { ...read.input, archivedAt: archivedAt(values, s, app.ctx.clock.now()) };
      const change = changeOf(request.body, s.id, input);
      const outcome = await attemptSubmit(request, updateSpace, change, errors, () =>
        spaceProblems(app.ctx, v.actor, input, s),
      );
      if (outcome.stale) {
        const now = await spaceOf(request.params.org, request.params.id);
        const current = { ...space, version: now.version };
        return form(reply, v, { space: current, values, errors: {}, saved: spaceValuesOf(now.value) }, 412);
      }
      if (outcome.errors) return form(reply, v, { space, values, errors: outcome.errors }, 422);
      if (outcome.refusal) {
        // New parts under definite events of two bookings that would then hold the same room at once.
        const refused = spaceClashOf(outcome.refusal);
        if (!refused) return sendRefusal(request, reply, outcome.refusal);
        const { clash, change: changed } = refused;
        const zone = await organizationZone(db, v.organization.organizationId);
        if (changed?.kind === 'sharing') {
          const both =
            changed.holding.occupiedFrom <= clash.occupiedFrom
              ? ([changed.holding, clash] as const)
              : ([clash, changed.holding] as const);
          const shareable = `${s.name} must stay shared while ${both[0].reference} and ${both[1].reference} hold it at once: move one of the events first.`;
          const conflict = unsharedClashSentence(v, s.name, both, zone);
          return form(reply, v, { space, values, errors: { shareable }, conflict }, 409);
        }
        const conflict = partsClashSentence(v, s.name, clash, zone);
        const parts = `With these parts, ${s.name} would clash with ${clash.reference}’s event “${clash.eventName}” in ${clash.spaceName}: choose other parts, or move one of the events first.`;
        return form(reply, v, { space, values, errors: { parts }, conflict }, 409);
      }
      return reply.redirect(orgPath(v, '/settings/spaces?notice=saved'), 303);
    },
  );
  await app.register(
    deleteRoute({
      path: '/settings/spaces',
      definition: spaceDefinition,
      command: deleteSpace,
      done: '/settings/spaces?notice=deleted',
      nameOf: (space) => space.name,
      consequence:
        'A space that bookings hold, or that is a part of a combined space, cannot be deleted; move its bookings or take it out first.',
      section: 'settings',
    }),
  );
};
