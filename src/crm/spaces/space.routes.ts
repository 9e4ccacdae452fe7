/** The venue's spaces: everyone reads them, organization admins manage them (SPEC §7). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerReadRoutes } from '../../api/read-routes.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { SpaceCreateBody, SpaceUpdateBody } from './space.bodies.js';
import { spaceDefinition } from './space.resource.js';
import { createSpace, deleteSpace, updateSpace } from './space.service.js';

export const spaceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, spaceDefinition);
  registerWriteRoutes(app, {
    definition: spaceDefinition,
    admins: true,
    createBody: SpaceCreateBody,
    updateBody: SpaceUpdateBody,
    rules: {
      create: 'A name unique in the organization; a capacity of at least one guest, or none.',
      update: "A new name shows in its bookings' room_names.",
      remove: 'Refused (409 has_dependents) while bookings hold the space.',
    },
    create: (trx, ctx, actor, { data }) => createSpace(trx, actor, data.attributes, ctx.now()),
    update: (ctx, actor, id, { data }, ifMatch) =>
      updateSpace(ctx, actor, id, data.attributes ?? {}, ifMatch),
    remove: deleteSpace,
  });
};
