/**
 * The public inquiry form (SPEC §14): `GET /inquire/<slug>` serves the venue's form (with
 * `?format=json`, the hidden fields a JSON post copies), `POST /inquire/<slug>` takes a form or
 * JSON post and makes a lead through takeInquiry, as an actor whose door is `inquiry_form`.
 * The page may be framed only by the origins the venue lists (frame-ancestors), and only they
 * get CORS answers; a post from another site's page is refused. A refused post creates nothing
 * and says why in words. Its own scope: no session, no cookies, no CSRF token (the signed
 * token stands for the form served), a small body limit.
 */
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { takeInquiry } from '../../crm/inquiries/inquiry.command.js';
import { leadProblems } from '../../crm/leads/lead.command.js';
import { type InquiryForm, inquiryFormOf } from '../../crm/inquiries/inquiry-form.js';
import { formToken, HONEYPOT, InquiryThrottle, tokenProblem } from '../../crm/inquiries/inquiry-guard.js';
import { inquiryActor } from '../../identity/actor.js';
import { appSecret } from '../../security/app-secrets.js';
import { attempt } from '../../writes/unit-of-work.js';
import { sendPage } from '../forms.js';
import { orgPath } from '../workspace/workspace-visitor.js';
import { formProblems, leadOfPost, POST_FIELDS, postValues } from './inquiry-post.js';
import { inquiryPage, refusedPage, thankYouPage } from './inquiry.page.js';

export const INQUIRY_BODY_LIMIT = 16 * 1024;

interface Venue {
  organizationId: string;
  name: string;
  /** Its time zone, which a lead's date and times are in. */
  zone: string;
  form: InquiryForm;
}

type Refusal = { status: number; code: string; detail: string; fields?: Record<string, string> };

export const inquiryRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock, config } = app.ctx;
  const throttle = new InquiryThrottle(clock);
  const self = new URL(config.baseUrl).origin;
  let secret: string | undefined;
  const key = async () => (secret ??= await appSecret(db, 'inquiry_form', clock.now()));
  await app.register(formbody, { bodyLimit: INQUIRY_BODY_LIMIT });

  async function venueOf(slug: string): Promise<Venue | undefined> {
    const row = await db
      .selectFrom('organizations')
      .select(['id', 'name', 'timezone', 'inquiry_form'])
      .where('inquiry_slug', '=', slug.toLowerCase())
      .executeTakeFirst();
    const form = row ? inquiryFormOf(row.inquiry_form) : undefined;
    return row && form?.enabled
      ? { organizationId: row.id, name: row.name, zone: row.timezone, form }
      : undefined;
  }

  function guard(request: FastifyRequest, reply: FastifyReply, venue: Venue | undefined): void {
    const ancestors = venue?.form.embed_origins.length ? venue.form.embed_origins.join(' ') : "'none'";
    reply
      .header(
        'Content-Security-Policy',
        `default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors ${ancestors}`,
      )
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex')
      .header('Vary', 'Origin');
    // frame-ancestors says who may frame it; the older header would forbid them all.
    if (venue?.form.embed_origins.length) reply.removeHeader('X-Frame-Options');
    const origin = request.headers.origin;
    if (origin && venue?.form.embed_origins.includes(origin))
      reply.header('Access-Control-Allow-Origin', origin);
  }

  /** A post from this installation's own page: its base URL's origin, or the host it was asked at. */
  const sameSite = (origin: string, host: string | undefined) => {
    if (origin === self) return true;
    try {
      return new URL(origin).host === host;
    } catch {
      return false;
    }
  };

  const notFound = (reply: FastifyReply) =>
    sendPage(reply, refusedPage('Inquiry', '', 'There is no inquiry form at this address.'), 404);

  app.get<{ Params: { slug: string }; Querystring: Record<string, string> }>(
    '/inquire/:slug',
    async (request, reply) => {
      const venue = await venueOf(request.params.slug);
      guard(request, reply, venue);
      if (!venue) return notFound(reply);
      const token = formToken(await key(), venue.organizationId, clock.now());
      if (request.query.format === 'json') {
        return reply.type('application/json').send({
          data: {
            type: 'inquiry_forms',
            id: venue.form.slug,
            attributes: {
              venue: venue.name,
              intro: venue.form.intro,
              event_types: venue.form.event_types,
              fields: POST_FIELDS,
              hidden: { token, [HONEYPOT]: '' },
              honeypot: HONEYPOT,
            },
          },
        });
      }
      const values = Object.fromEntries(
        ['utm_source', 'utm_medium', 'utm_campaign', 'referrer'].flatMap((n) =>
          typeof request.query[n] === 'string' ? [[n, request.query[n].slice(0, 500)]] : [],
        ),
      );
      const view = {
        venue: venue.name,
        slug: venue.form.slug!,
        intro: venue.form.intro,
        eventTypes: venue.form.event_types,
      };
      return sendPage(reply, inquiryPage({ ...view, token, values }));
    },
  );

  app.options<{ Params: { slug: string } }>('/inquire/:slug', async (request, reply) => {
    const venue = await venueOf(request.params.slug);
    guard(request, reply, venue);
    if (reply.hasHeader('Access-Control-Allow-Origin'))
      reply
        .header('Access-Control-Allow-Methods', 'GET, POST')
        .header('Access-Control-Allow-Headers', 'Content-Type')
        .header('Access-Control-Max-Age', '600');
    return reply.code(204).send();
  });

  app.post<{ Params: { slug: string } }>(
    '/inquire/:slug',
    { bodyLimit: INQUIRY_BODY_LIMIT },
    async (request, reply) => {
      const venue = await venueOf(request.params.slug);
      guard(request, reply, venue);
      const json = (request.headers['content-type'] ?? '').startsWith('application/json');
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
      const refuse = (r: Refusal) => {
        if (json)
          return reply
            .code(r.status)
            .type('application/json')
            .send({
              errors: Object.entries(r.fields ?? { '': r.detail }).map(([field, detail]) => ({
                status: String(r.status),
                code: r.code,
                detail,
                ...(field ? { source: { pointer: `/${field}` } } : {}),
              })),
            });
        if (r.fields) {
          const view = {
            venue: venue.name,
            slug: venue.form.slug!,
            intro: venue.form.intro,
            eventTypes: venue.form.event_types,
          };
          return sendPage(
            reply,
            inquiryPage({ ...view, token: values.token!, values, errors: r.fields }),
            r.status,
          );
        }
        return sendPage(reply, refusedPage(venue.name, venue.form.slug!, r.detail), r.status);
      };
      const origin = request.headers.origin;
      // A page under no-referrer (as this one) sends `Origin: null`: no site to judge; the token still is.
      if (
        origin &&
        origin !== 'null' &&
        !sameSite(origin, request.headers.host) &&
        !venue.form.embed_origins.includes(origin)
      )
        return refuse({
          status: 403,
          code: 'origin_not_allowed',
          detail: `This form does not take inquiries sent from ${origin}.`,
        });
      if (!throttle.admit(`${venue.organizationId}|${request.ip}`))
        return refuse({
          status: 429,
          code: 'too_many_inquiries',
          detail:
            'Too many inquiries came from your address in a short while: please try again in a few minutes.',
        });
      if (values[HONEYPOT] !== '')
        return refuse({
          status: 422,
          code: 'honeypot',
          detail:
            'A field meant to be left empty was filled in, as programs sending spam do; this inquiry was not taken.',
        });
      const tokenRefusal = tokenProblem(await key(), venue.organizationId, values.token!, clock.now());
      if (tokenRefusal) return refuse({ status: 422, code: 'form_token', detail: tokenRefusal });
      const { lead, problems } = leadOfPost(values, venue.form.event_types);
      const actor = inquiryActor(venue.organizationId);
      const fields = { ...formProblems(leadProblems(lead, venue.zone)), ...problems };
      const invalid = (found: Record<string, string>) =>
        refuse({
          status: 422,
          code: 'invalid_inquiry',
          detail: 'Some fields need another look.',
          fields: found,
        });
      if (Object.keys(fields).length > 0) return invalid(fields);
      const taken = await attempt(app.ctx.writer, actor, takeInquiry, {
        lead,
        bookingUrl: (id) => `${config.baseUrl}${orgPath(venue.organizationId, `/bookings/${id}`)}`,
        sending: config.smtpUrl !== undefined,
      });
      if (!taken.ok) {
        // Only the fields' problems are the form's to show; the rest is the error the API answers.
        if (taken.refusal.problems.length === 0) throw taken.refusal.asError();
        return invalid(formProblems(taken.refusal.problems));
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
