/** The venue's spaces: everyone reads them, organization admins manage them (SPEC §7). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inputOf } from '../../api/field-schemas.js';
import { registerReadRoutes } from '../../api/read-routes.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { SpaceCreateBody, SpaceUpdateBody } from './space.bodies.js';
import { createSpace, deleteSpace, type SpaceInput, spaceProblems, updateSpace } from './space.commands.js';
import { spaceDefinition, spaceResource } from './space.resource.js';
import { SPACE_FIELDS } from './space.fields.js';
import { spaceCodec } from './space.value.js';

const spaceInput = ({ data }: { data: object }): SpaceInput => inputOf(SPACE_FIELDS, data) as SpaceInput;

export const spaceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, spaceDefinition);
  registerWriteRoutes(app, {
    definition: spaceDefinition,
    face: { decode: spaceCodec.decode, render: spaceResource },
    createBody: SpaceCreateBody,
    updateBody: SpaceUpdateBody,
    rules: {
      create:
        'A name unique in the organization; a capacity of at least one guest, or none; capacities by setup style; parts (a combined space) one level deep.',
      update:
        "A new name shows in its bookings' room_names at once (they are read from the space); the change is told as space.updated alone.",
      remove:
        'Refused (409 has_dependents) while bookings hold the space, or while it is a part of a combined space.',
    },
    create: {
      command: createSpace,
      input: spaceInput,
      problems: (db, actor, input) => spaceProblems({ db }, actor, input),
    },
    update: {
      command: updateSpace,
      input: spaceInput,
      problems: (db, actor, input, current) => spaceProblems({ db }, actor, input, current),
    },
    remove: deleteSpace,
  });
};
