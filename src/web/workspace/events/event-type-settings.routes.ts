/**
 * Settings → Event types, for organization admins (checked on every request), through the same
 * commands and rules as /v2/event_types: a value required and unique whatever its case, a type
 * that events are of not deleted (the page says why beside its row). A type's own address is its
 * row on the page, where the delete confirmation's Cancel goes.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  eventTypeDefinition,
  createEventType,
  deleteEventType,
  eventCountsByType,
  type EventTypeInput,
  eventTypeProblems,
  eventTypesOf,
  updateEventType,
} from '../../../crm/event-types/index.js';
import { recordTag } from '../../../crm/version-tag.js';
import type { FieldProblem } from '../../../errors.js';
import type { Command } from '../../../writes/unit-of-work.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { type EventTypeFormError, eventTypesPage } from './event-types.page.js';
import { submit } from '../forms/form-errors.js';
import { changeOf, deleteRoute, RecordParams as Params } from '../forms/record-posts.js';
import { recordOf } from '../workspace-reads.js';
import { orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const STALE =
  'Someone changed this after the page was drawn; here it is as it is now. Make your change again.';

export const eventTypeSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const back = (v: WorkspaceVisitor, notice: string, anchor = '') =>
    orgPath(v, `/settings/event-types?notice=${notice}${anchor}`);

  async function page(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    extras: { error?: EventTypeFormError; notice?: string | undefined },
    status = 200,
  ) {
    const org = v.organization.organizationId;
    const [types, uses] = await Promise.all([eventTypesOf(db, org), eventCountsByType(db, org)]);
    const versions = new Map(types.map((t) => [t.id, recordTag(eventTypeDefinition, t, undefined)] as const));
    return sendPage(reply, eventTypesPage(v, { types, uses, versions, ...extras }), status);
  }

  /** Writes one value form; on a refusal, the page again with the form's error (422, or 412 when stale). */
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
    const value = formText(request.body as Record<string, string>, 'value');
    const outcome = await submit(request, command, input, {}, problems);
    if (outcome.stale) return page(reply, v, { error: { form, value, message: STALE } }, 412);
    if (outcome.errors) {
      const message = outcome.errors.value ?? Object.values(outcome.errors).join(' ');
      return page(reply, v, { error: { form, value, message } }, 422);
    }
    return reply.redirect(done, 303);
  }

  app.get(
    '/orgs/:org/settings/event-types',
    {
      config: { takes: createEventType.action },
      schema: {
        params: OrgParams,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (request, reply) => page(reply, visitorOf(request), { notice: request.query.notice }),
  );

  app.get(
    '/orgs/:org/settings/event-types/:id',
    { config: { takes: updateEventType.action }, schema: { params: Params } },
    async (request, reply) => {
      const type = await recordOf(db, eventTypeDefinition, request.params.org, request.params.id);
      return reply.redirect(orgPath(visitorOf(request), `/settings/event-types#type-${type.id}`), 303);
    },
  );

  const writeRoute = {
    preHandler: app.csrfProtection,
    schema: { params: Params, body: FormBody },
  };

  app.post(
    '/orgs/:org/settings/event-types',
    { ...writeRoute, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const input: EventTypeInput = { value: formText(request.body, 'value') };
      return post(
        request,
        reply,
        'new-type',
        createEventType,
        input,
        () => eventTypeProblems(db, v.actor, input),
        back(v, 'type-added'),
      );
    },
  );

  app.post('/orgs/:org/settings/event-types/:id', writeRoute, async (request, reply) => {
    const v = visitorOf(request);
    const type = await recordOf(db, eventTypeDefinition, request.params.org, request.params.id);
    const input: EventTypeInput = { value: formText(request.body, 'value') };
    return post(
      request,
      reply,
      `type-${type.id}`,
      updateEventType,
      changeOf(request.body, type.id, input),
      () => eventTypeProblems(db, v.actor, input, type),
      back(v, 'type-saved', `#type-${type.id}`),
    );
  });

  await app.register(
    deleteRoute({
      path: '/settings/event-types',
      definition: eventTypeDefinition,
      command: deleteEventType,
      done: '/settings/event-types?notice=type-deleted',
      nameOf: (type) => `the event type ${type.value}`,
      consequence: 'A type that events are of cannot be deleted; give them another type first.',
      section: 'settings',
      refused: (request, reply, type, error) =>
        page(
          reply,
          visitorOf(request),
          { error: { form: `type-${type.id}`, value: type.value, message: error.detail, deleting: true } },
          409,
        ),
    }),
  );
};
