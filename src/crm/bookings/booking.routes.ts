/** The bookings of the organization: `GET bookings` and `GET bookings/{id}` (SPEC §5). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerReadRoutes } from '../../api/read-routes.js';
import { bookingDefinition } from './booking.resource.js';

export const bookingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, bookingDefinition);
};
