/**
 * Pages answer pages (SPEC §9): a GET of an address that is no page is the 404 page, in the
 * workspace's frame for a signed-in member (refusals.ts), a plain one for anyone else. An address
 * of the API, the authorization server or the assistants' door keeps its JSON:API 404, as
 * integrations read it. The routes are wildcards, so every real route is matched before them.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NotFoundError } from '../../errors.js';
import { notFound, visitorAnywhere } from './workspace-visitor.js';

/** Addresses read by programs, not people. */
const MACHINE_ADDRESS = /^\/(v2|oauth|mcp|\.well-known|calendar|openapi\.json)(\/|$|\?|\.)/;

export const notFoundRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Under an organization: its visitor is known first (workspace-visitor.ts), as on every page.
  app.get(
    '/orgs/:org/*',
    { schema: { params: Type.Object({ org: Type.String(), '*': Type.String() }) } },
    () => {
      throw notFound();
    },
  );

  app.get('/*', { config: { catchAll: true } }, async (request, reply) => {
    if (MACHINE_ADDRESS.test(request.url)) throw new NotFoundError();
    const visitor = await visitorAnywhere(request, reply);
    if (visitor) request.workspace = visitor;
    throw notFound();
  });
};
