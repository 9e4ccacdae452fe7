/**
 * The public inquiry form (SPEC §14): `GET /inquire/<slug>` serves the venue's form (with
 * `?format=json`, the hidden fields a JSON post copies), `POST /inquire/<slug>` takes a form or
 * JSON post and makes a lead through takeInquiry, as an actor whose door is `inquiry_form`.
 * A browser's post must come from the served page or a page of an origin the venue lists
 * (inquiry-headers.ts); a form token makes one inquiry. A refused post creates nothing and says
 * why in words (inquiry-answers.ts). Its own scope: no session, no cookies, no CSRF token (the
 * signed token stands for the form served), a small body limit.
 */
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  takeInquiry,
  type InquiryVenue,
  inquiryVenueOf,
  formToken,
  HONEYPOT,
  InquiryThrottle,
  servedAtOf,
  tokenProblem,
  formTokenUsed,
  TOKEN_USED,
} from '../../crm/inquiries/index.js';
import { leadProblems } from '../../crm/leads/index.js';
import { inquiryActor } from '../../policy/actor.js';
import { appSecret } from '../../db/app-secrets.js';
import { attempt } from '../../writes/unit-of-work.js';
import { sendPage } from '../forms.js';
import { orgPath } from '../workspace/workspace-visitor.js';
import {
  answerRefusal,
  type FormShown,
  INQUIRY_BODY_LIMIT,
  isJsonPost,
  refuseTooLarge,
} from './inquiry-answers.js';
import { inquiryHeaders, type InquiryRefusal, originRefusal, outsideReferrer } from './inquiry-headers.js';
import { formProblems, leadOfPost, POST_FIELDS, postValues } from './inquiry-post.js';
import { inquiryPage, refusedPage, thankYouPage } from './inquiry.page.js';
import { type InquiryCustom, inquiryCustomOf, inquiryCustomPosted } from './inquiry-custom.js';
import { listedCustomFields } from './inquiry-fields.js';

const DETAIL_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'referrer'] as const;

interface Venue extends InquiryVenue {
  /** Its own fields the form shows (inquiry-custom.ts). */
  custom: InquiryCustom;
}

const shownOf = (venue: Venue): FormShown => ({
  venue: venue.name,
  slug: venue.form.slug!,
  intro: venue.form.intro,
  eventTypes: venue.form.event_types,
  custom: venue.custom,
});

export const inquiryRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock, config } = app.ctx;
  const throttle = new InquiryThrottle(clock);
  const self = new URL(config.baseUrl).origin;
  let secret: string | undefined;
  const key = async () => (secret ??= await appSecret(db, 'inquiry_form', clock.now()));
  await app.register(formbody, { bodyLimit: INQUIRY_BODY_LIMIT });

  async function venueOf(slug: string): Promise<Venue | undefined> {
    const venue = await inquiryVenueOf(db, slug);
    return venue && { ...venue, custom: await inquiryCustomOf(db, venue.organizationId) };
  }
  refuseTooLarge(app, async (slug) => {
    const venue = await venueOf(slug);
    return venue && shownOf(venue);
  });

  const notFound = (reply: FastifyReply) =>
    sendPage(reply, refusedPage('Inquiry', '', 'There is no inquiry form at this address.'), 404);
  /** The Referer of a request, when it is another site's page. */
  const referrerOf = (request: FastifyRequest) =>
    outsideReferrer(request.headers.referer, self, request.headers.host);

  app.get<{ Params: { slug: string }; Querystring: Record<string, string> }>(
    '/inquire/:slug',
    async (request, reply) => {
      const venue = await venueOf(request.params.slug);
      inquiryHeaders(request, reply, venue?.form);
      if (!venue) return notFound(reply);
      const token = formToken(await key(), venue.organizationId, clock.now());
      if (request.query.format === 'json') {
        const custom = listedCustomFields(venue.custom);
        return reply.type('application/json').send({
          data: {
            type: 'inquiry_forms',
            id: venue.form.slug,
            attributes: {
              venue: venue.name,
              intro: venue.form.intro,
              event_types: venue.form.event_types,
              fields: [...POST_FIELDS, ...custom.map((f) => f.name)],
              custom_fields: custom,
              hidden: { token, [HONEYPOT]: '' },
              honeypot: HONEYPOT,
            },
          },
        });
      }
      const values: Record<string, string> = Object.fromEntries(
        DETAIL_FIELDS.flatMap((n) =>
          typeof request.query[n] === 'string' ? [[n, request.query[n].slice(0, 500)]] : [],
        ),
      );
      // The page that linked here, kept with the form unless the link named its own.
      const linkedFrom = referrerOf(request);
      if (!values.referrer && linkedFrom) values.referrer = linkedFrom;
      return sendPage(reply, inquiryPage({ ...shownOf(venue), token, values }));
    },
  );

  app.options<{ Params: { slug: string } }>('/inquire/:slug', async (request, reply) => {
    const venue = await venueOf(request.params.slug);
    inquiryHeaders(request, reply, venue?.form);
    if (reply.hasHeader('Access-Control-Allow-Origin'))
      reply
        .header('Access-Control-Allow-Methods', 'GET, POST')
        .header('Access-Control-Allow-Headers', 'Content-Type')
        .header('Access-Control-Max-Age', '600');
    return reply.code(204).send();
  });

  /** Why a post is refused before its fields are read: its origin, its address, the trap, its token. */
  async function guardRefusal(request: FastifyRequest, venue: Venue, values: Record<string, string>) {
    const origin = originRefusal(request.headers.origin, { self, host: request.headers.host }, venue.form);
    if (origin) return origin;
    if (!throttle.admit(`${venue.organizationId}|${request.ip}`))
      return {
        status: 429,
        code: 'too_many_inquiries',
        detail:
          'Too many inquiries came from your address in a short while: please try again in a few minutes.',
      };
    if (values[HONEYPOT] !== '')
      return {
        status: 422,
        code: 'honeypot',
        detail:
          'A field meant to be left empty was filled in, as programs sending spam do; this inquiry was not taken.',
      };
    const tokenRefusal = tokenProblem(await key(), venue.organizationId, values.token!, clock.now());
    if (tokenRefusal) return { status: 422, code: 'form_token', detail: tokenRefusal };
    if (await formTokenUsed(db, values.token!)) return { status: 409, code: 'form_used', detail: TOKEN_USED };
    return undefined;
  }

  app.post<{ Params: { slug: string } }>(
    '/inquire/:slug',
    { bodyLimit: INQUIRY_BODY_LIMIT },
    async (request, reply) => {
      const venue = await venueOf(request.params.slug);
      inquiryHeaders(request, reply, venue?.form);
      const json = isJsonPost(request);
      if (!venue) {
        return json
          ? reply.code(404).send({
              errors: [
                { status: '404', code: 'not_found', detail: 'There is no inquiry form at this address.' },
              ],
            })
          : notFound(reply);
      }
      const values = postValues(request.body);
      const custom = inquiryCustomPosted(venue.custom, request.body, json);
      const shown = { ...shownOf(venue), custom: custom.custom };
      const answerWith = (refusal: InquiryRefusal) => answerRefusal(reply, json, shown, refusal, values);
      const guarded = await guardRefusal(request, venue, values);
      if (guarded) return answerWith(guarded);
      // The referrer field, else the page the post came from when that is another site's.
      if (!values.referrer?.trim()) values.referrer = referrerOf(request) ?? '';
      const { lead, problems } = leadOfPost(values, venue.form.event_types);
      lead.custom_fields = custom.booking;
      lead.contact.custom_fields = custom.contact;
      const actor = inquiryActor(venue.organizationId);
      const fields = { ...formProblems(leadProblems(lead, venue.zone)), ...problems, ...custom.errors };
      const invalid = (found: Record<string, string>) =>
        answerWith({
          status: 422,
          code: 'invalid_inquiry',
          detail: 'Some fields need another look.',
          fields: found,
        });
      if (Object.keys(fields).length > 0) return invalid(fields);
      const taken = await attempt(app.ctx.writer, actor, takeInquiry, {
        lead,
        token: values.token!,
        servedAt: servedAtOf(values.token!),
        bookingUrl: (id) => `${config.baseUrl}${orgPath(venue.organizationId, `/bookings/${id}`)}`,
        sending: config.smtpUrl !== undefined,
      });
      if (!taken.ok) {
        const { refusal } = taken;
        if (refusal.code === 'form_used') return answerWith(refusal);
        // Only the fields' problems are the form's to show; the rest is the error the API answers.
        if (refusal.problems.length === 0) throw refusal.asError();
        return invalid(formProblems(refusal.problems));
      }
      if (json)
        return reply
          .code(201)
          .type('application/json')
          .send({ meta: { thank_you: venue.form.thank_you } });
      return sendPage(reply, thankYouPage(venue.name, venue.form.thank_you));
    },
  );
};
