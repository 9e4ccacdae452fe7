/**
 * GET /v2/changes (SPEC §8, §11): the organization's changes, for integrations that poll rather
 * than receive webhooks. Needs crm_read; kept for EVENT_RETENTION.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerReadRoutes } from '../api/read-routes.js';
import { changeDefinition } from './change.resource.js';

export const changeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, changeDefinition);
};
