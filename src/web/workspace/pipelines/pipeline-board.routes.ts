/**
 * GET /orgs/:org/pipeline: the board of a pipeline (the first unless one is chosen); POST
 * /orgs/:org/pipeline/bookings/:id moves a booking to another stage, through the same command
 * and rules as PATCH /v2/bookings, at the version the card was drawn at. A move into a stage that
 * stands for a status is that status move (SPEC §15): refused, the board says why — the booking
 * whose space it would clash with, the reason a lost booking needs, the moves its status allows —
 * and the card stays where it was.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import {
  bookingDefinition,
  bookingProblems,
  bookingReadContext,
  updateBooking,
} from '../../../crm/bookings/index.js';
import { organizationZone } from '../../../crm/organization/index.js';
import { spaceClashOf } from '../../../crm/events/index.js';
import { bookingsAtStages, pipelinesWithStages, stageTotals } from '../../../crm/pipelines/index.js';
import { recordTag } from '../../../crm/version-tag.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { html, type SafeHtml } from '../../html.js';
import { clashSentence } from '../forms/conflict.view.js';
import { attemptSubmit, messagesOf } from '../forms/form-errors.js';
import { pipelineBoardPage } from './pipeline-board.page.js';
import { changeOf, RecordParams as Params } from '../forms/record-posts.js';
import { recordOf } from '../workspace-reads.js';
import { sendRefusal } from '../refusals.js';
import { notFound, orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
/** The most cards a column shows. */
const CARDS_PER_STAGE = 50;

export const pipelineBoardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  async function board(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    chosenId: string | undefined,
    extras: { notice?: string | undefined; refusal?: SafeHtml | string | undefined },
    status = 200,
  ) {
    const org = v.organization.organizationId;
    const [pipelines, zone, spaces] = await Promise.all([
      pipelinesWithStages(db, org),
      organizationZone(db, org),
      bookingReadContext(db, org),
    ]);
    const chosen = chosenId ? pipelines.find((p) => p.pipeline.id === chosenId) : pipelines[0];
    if (!chosen) throw notFound();
    const stageIds = chosen.stages.map((s) => s.id);
    const [bookings, totals] = await Promise.all([
      bookingsAtStages(db, org, stageIds, CARDS_PER_STAGE),
      stageTotals(db, stageIds),
    ]);
    const cards = new Map(
      [...bookings].map(([stageId, rows]) => [
        stageId,
        rows.map((booking) => ({ booking, version: recordTag(bookingDefinition, booking, spaces) })),
      ]),
    );
    const page = pipelineBoardPage(v, {
      pipelines,
      chosen,
      cards,
      totals,
      limit: CARDS_PER_STAGE,
      zone,
      ...extras,
    });
    return sendPage(reply, page, status);
  }

  app.get(
    '/orgs/:org/pipeline',
    {
      schema: {
        params: OrgParams,
        querystring: Type.Object({
          pipeline: Type.Optional(Type.String({ maxLength: 64 })),
          notice: Type.Optional(Type.String({ maxLength: 40 })),
        }),
      },
    },
    async (request, reply) =>
      board(reply, visitorOf(request), request.query.pipeline, { notice: request.query.notice }),
  );

  app.post(
    '/orgs/:org/pipeline/bookings/:id',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const booking = await recordOf(db, bookingDefinition, request.params.org, request.params.id);
      const pipeline = formText(request.body, 'pipeline') || undefined;
      const input = { stage_id: formText(request.body, 'stage_id') || null };
      const card = `${booking.reference} ${booking.name}`;
      const outcome = await attemptSubmit(
        request,
        updateBooking,
        changeOf(request.body, booking.id, input),
        {},
        () => bookingProblems(db, v.actor, input, booking),
      );
      if (outcome.refusal) {
        // Confirmed by its move, it would hold a space another definite booking holds then.
        const refused = spaceClashOf(outcome.refusal);
        if (!refused) return sendRefusal(request, reply, outcome.refusal);
        const zone = await organizationZone(db, v.organization.organizationId);
        const refusal = html`<p>${card} stays where it was: confirming it would double-book a space.</p>${clashSentence(v, refused.clash, zone)}`;
        return board(reply, v, pipeline, { refusal }, 409);
      }
      if (outcome.stale) {
        const refusal = `${booking.reference} changed after this board was drawn; it shows the booking as it is now. Move it again if you still want to.`;
        return board(reply, v, pipeline, { refusal }, 412);
      }
      if (outcome.errors) {
        const { lost_reason: why, ...others } = outcome.errors;
        // The board has no field for a reason: the booking's page asks for one.
        const reason = why
          ? html`<p>${why} Mark it lost from <a href="${orgPath(v, `/bookings/${booking.id}`)}">its page</a>, where you can say why.</p>`
          : '';
        const refusal = html`<p>${card} stays where it was.</p>${messagesOf(others)}${reason}`;
        return board(reply, v, pipeline, { refusal }, 422);
      }
      const query = new URLSearchParams({ ...(pipeline ? { pipeline } : {}), notice: 'moved' });
      return reply.redirect(orgPath(v, `/pipeline?${query.toString()}`), 303);
    },
  );
};
