/** The contacts of the organization: `GET contacts` and `GET contacts/{id}` (SPEC §5). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerReadRoutes } from '../../api/read-routes.js';
import { contactDefinition } from './contact.resource.js';

export const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, contactDefinition);
};
