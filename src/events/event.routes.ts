/**
 * GET /v2/events (SPEC §8): the organization's change events, for integrations that poll rather
 * than receive webhooks. Needs crm_read; kept for EVENT_RETENTION.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerReadRoutes } from '../api/read-routes.js';
import { eventDefinition } from './event.resource.js';

export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, eventDefinition);
};
