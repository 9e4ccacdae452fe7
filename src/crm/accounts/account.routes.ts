/** The accounts of the organization: `GET accounts` and `GET accounts/{id}` (SPEC §5). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerReadRoutes } from '../../api/read-routes.js';
import { accountDefinition } from './account.resource.js';

export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, accountDefinition);
};
