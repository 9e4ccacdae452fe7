/**
 * What an admin (whom the policy lets) does to an integration beyond editing it: rotate its secret and delete it (each
 * behind a confirmation page, SPEC §4), and resend a webhook delivery (SPEC §8). Every change is a
 * CSRF-protected POST that ends in a redirect, so a reload repeats nothing; a new secret reaches
 * the integration's page through a one-time flash (secret-flash.ts), never the URL.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  deleteIntegrationCommand,
  rotateIntegrationSecret,
} from '../../integrations/integration.commands.js';
import { INTEGRATION_ACTIONS } from '../../integrations/integration.policy.js';
import { attempt, write } from '../../writes/unit-of-work.js';
import { resendDelivery } from '../../integrations/integration-webhooks.js';
import { sendPage } from '../forms.js';
import { html } from '../html.js';
import { HtmlError } from '../html-error.js';
import { confirmPage } from './confirm.page.js';
import type { SecretFlashes } from './secret-flash.js';
import { managedIntegration, settingsFrame, visitor } from './visitor.js';

const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const DeliveryParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  deliveryId: Type.String({ maxLength: 64 }),
});

export const integrationActionsRoutes: FastifyPluginAsyncTypebox<{ flashes: SecretFlashes }> = async (
  app,
  { flashes },
) => {
  const { db } = app.ctx;
  const pagePath = (id: string) => `/settings/integrations/${id}`;

  app.get(
    '/settings/integrations/:id/rotate-secret',
    { schema: { params: IdParams } },
    async (request, reply) => {
      const v = await visitor(request);
      const { integration } = await managedIntegration(
        db,
        v,
        request.params.id,
        INTEGRATION_ACTIONS.rotate_secret,
      );
      const frame = await settingsFrame(reply, v, 'integrations', integration.organizationId);
      const page = confirmPage(frame, {
        title: `Rotate the secret of ${integration.name}?`,
        consequence: html`A new client secret is issued and shown once. The current secret stops working
          <strong>at once</strong>, and so do the tokens ${integration.name} obtained with it (client
          credentials): it cannot get tokens until it uses the new one. Tokens of the people who connected
          it keep working.`,
        action: `${pagePath(integration.id)}/rotate-secret`,
        button: 'Rotate secret',
        cancelHref: pagePath(integration.id),
      });
      return sendPage(reply, page);
    },
  );

  app.post(
    '/settings/integrations/:id/rotate-secret',
    { preHandler: app.csrfProtection, schema: { params: IdParams } },
    async (request, reply) => {
      const v = await visitor(request);
      const { integration, actor } = await managedIntegration(
        db,
        v,
        request.params.id,
        INTEGRATION_ACTIONS.rotate_secret,
      );
      const secret = await write(app.ctx.writer, actor, rotateIntegrationSecret, {
        id: integration.id,
      });
      flashes.give(reply, integration.id, { secret, rotated: true }, request.ctx.now());
      return reply.redirect(pagePath(integration.id), 303);
    },
  );

  app.get('/settings/integrations/:id/delete', { schema: { params: IdParams } }, async (request, reply) => {
    const v = await visitor(request);
    const { integration } = await managedIntegration(db, v, request.params.id, INTEGRATION_ACTIONS.delete);
    const frame = await settingsFrame(reply, v, 'integrations', integration.organizationId);
    const page = confirmPage(frame, {
      title: `Delete ${integration.name}?`,
      consequence: html`Every access and refresh token of ${integration.name} stops working
        <strong>at once</strong>, in every organization that connected it, and its webhook endpoints
        stop receiving changes. This cannot be undone.`,
      action: `${pagePath(integration.id)}/delete`,
      button: `Delete ${integration.name}`,
      cancelHref: pagePath(integration.id),
    });
    return sendPage(reply, page);
  });

  app.post(
    '/settings/integrations/:id/delete',
    { preHandler: app.csrfProtection, schema: { params: IdParams } },
    async (request, reply) => {
      const v = await visitor(request);
      const { integration, organization, actor } = await managedIntegration(
        db,
        v,
        request.params.id,
        INTEGRATION_ACTIONS.delete,
      );
      await write(app.ctx.writer, actor, deleteIntegrationCommand, {
        id: integration.id,
      });
      return reply.redirect(`/settings/integrations?org=${organization.organizationId}&notice=deleted`, 303);
    },
  );

  app.post(
    '/settings/integrations/:id/deliveries/:deliveryId/resend',
    { preHandler: app.csrfProtection, schema: { params: DeliveryParams } },
    async (request, reply) => {
      const v = await visitor(request);
      const { integration, actor } = await managedIntegration(
        db,
        v,
        request.params.id,
        INTEGRATION_ACTIONS.update,
      );
      const resent = await attempt(app.ctx.writer, actor, resendDelivery, {
        integrationId: integration.id,
        deliveryId: request.params.deliveryId,
      });
      if (!resent.ok) throw new HtmlError(resent.refusal.status, 'Not found', resent.refusal.detail);
      return reply.redirect(`${pagePath(integration.id)}?notice=resent`, 303);
    },
  );
};
