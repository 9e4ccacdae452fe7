/**
 * An integration's webhook endpoints, managed from its settings page by the organization's admins:
 * turned off and on (a leaked secret or a misbehaving receiver can be stopped without the
 * integration's help), and deleted behind a confirmation page. Each change is a CSRF-protected
 * POST that ends in a redirect.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { OwnedIntegration } from '../../integrations/integration.repository.js';
import { INTEGRATION_ACTIONS } from '../../integrations/integration.policy.js';
import { deleteEndpoint, requireEndpoint, updateEndpoint } from '../../webhooks/endpoint.commands.js';
import { write } from '../../writes/unit-of-work.js';
import { FormBody, formText, sendPage } from '../forms.js';
import { html } from '../html.js';
import { HtmlError } from '../html-error.js';
import { confirmPage } from './confirm.page.js';
import { managedIntegration, settingsFrame, visitor } from './visitor.js';

const EndpointParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  endpointId: Type.String({ maxLength: 64 }),
});

export const integrationEndpointsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const pagePath = (id: string) => `/settings/integrations/${id}`;
  const owner = (integration: OwnedIntegration) => ({
    integrationId: integration.id,
    organizationId: integration.organizationId,
  });
  const allowPrivateNetworks = config.webhookAllowPrivateNetworks;
  const notFound = () => new HtmlError(404, 'Not found', 'There is no such webhook endpoint.');

  async function endpointOf(integration: OwnedIntegration, id: string) {
    return requireEndpoint(db, owner(integration), id).catch(() => {
      throw notFound();
    });
  }

  app.post(
    '/settings/integrations/:id/endpoints/:endpointId/enabled',
    { preHandler: app.csrfProtection, schema: { params: EndpointParams, body: FormBody } },
    async (request, reply) => {
      const v = await visitor(request);
      const { integration, actor } = await managedIntegration(
        db,
        v,
        request.params.id,
        INTEGRATION_ACTIONS.update,
      );
      const endpoint = await endpointOf(integration, request.params.endpointId);
      const enabled = formText(request.body, 'enabled') === 'true';
      await write(app.ctx.writer, actor, updateEndpoint, {
        owner: owner(integration),
        id: endpoint.id,
        input: { enabled },
        allowPrivateNetworks,
      });
      return reply.redirect(
        `${pagePath(integration.id)}?notice=${enabled ? 'endpoint-on' : 'endpoint-off'}`,
        303,
      );
    },
  );

  app.get(
    '/settings/integrations/:id/endpoints/:endpointId/delete',
    { schema: { params: EndpointParams } },
    async (request, reply) => {
      const v = await visitor(request);
      const { integration } = await managedIntegration(db, v, request.params.id, INTEGRATION_ACTIONS.update);
      const endpoint = await endpointOf(integration, request.params.endpointId);
      const frame = await settingsFrame(reply, v, 'integrations', integration.organizationId);
      const page = confirmPage(frame, {
        title: 'Delete this webhook endpoint?',
        consequence: html`<code>${endpoint.url}</code> receives no more changes from ${integration.name}, and its
          deliveries are forgotten. The integration can register an endpoint again through the API.`,
        action: `${pagePath(integration.id)}/endpoints/${endpoint.id}/delete`,
        button: 'Delete endpoint',
        cancelHref: pagePath(integration.id),
      });
      return sendPage(reply, page);
    },
  );

  app.post(
    '/settings/integrations/:id/endpoints/:endpointId/delete',
    { preHandler: app.csrfProtection, schema: { params: EndpointParams } },
    async (request, reply) => {
      const v = await visitor(request);
      const { integration, actor } = await managedIntegration(
        db,
        v,
        request.params.id,
        INTEGRATION_ACTIONS.update,
      );
      const endpoint = await endpointOf(integration, request.params.endpointId);
      await write(app.ctx.writer, actor, deleteEndpoint, {
        owner: owner(integration),
        id: endpoint.id,
      });
      return reply.redirect(`${pagePath(integration.id)}?notice=endpoint-deleted`, 303);
    },
  );
};
