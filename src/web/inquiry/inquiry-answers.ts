/**
 * How the inquiry form answers a refused post (SPEC §14): in words, as JSON:API errors to a JSON
 * post (one per field, each at its field's pointer) or as a page: the form again with each field's
 * problem beside it, or a page that says why the inquiry was not sent. A body over the limit is
 * refused here too, in the limit's own words.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sizeWords } from '../../http/error-handler.js';
import { sendPage } from '../forms.js';
import type { InquiryRefusal } from './inquiry-headers.js';
import { inquiryPage, refusedPage } from './inquiry.page.js';
import { CUSTOM_PREFIX, type InquiryCustom } from './inquiry-custom.js';

export const INQUIRY_BODY_LIMIT = 16 * 1024;

/** The venue's form as a refusal shows it. */
export interface FormShown {
  venue: string;
  slug: string;
  intro: string;
  eventTypes: string[];
  /** Its own fields on the form, with what was typed (inquiry-custom.ts). */
  custom?: InquiryCustom | undefined;
}

/** A field's pointer in a JSON post: a custom control `custom.<key>` is `/custom_fields/<key>`. */
const pointerOf = (field: string) =>
  field.startsWith(CUSTOM_PREFIX) ? `/custom_fields/${field.slice(CUSTOM_PREFIX.length)}` : `/${field}`;

export const isJsonPost = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').startsWith('application/json');

/** A refusal as the post's kind reads it; `values` (what was typed) when the form is shown again. */
export function answerRefusal(
  reply: FastifyReply,
  json: boolean,
  form: FormShown,
  refusal: InquiryRefusal,
  values?: Record<string, string>,
): FastifyReply {
  if (json)
    return reply
      .code(refusal.status)
      .type('application/json')
      .send({
        errors: Object.entries(refusal.fields ?? { '': refusal.detail }).map(([field, detail]) => ({
          status: String(refusal.status),
          code: refusal.code,
          detail,
          ...(field ? { source: { pointer: pointerOf(field) } } : {}),
        })),
      });
  if (refusal.fields && values)
    return sendPage(
      reply,
      inquiryPage({ ...form, token: values.token!, values, errors: refusal.fields }),
      refusal.status,
    );
  return sendPage(reply, refusedPage(form.venue, form.slug, refusal.detail), refusal.status);
}

/**
 * In the inquiry form's scope: a body over the limit is refused in words that say the limit (a
 * page to a form, JSON:API to JSON); every other error goes on to the installation's handler.
 */
export function refuseTooLarge(
  app: FastifyInstance,
  formOf: (slug: string) => Promise<FormShown | undefined>,
) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
    const slug = (request.params as { slug?: string } | undefined)?.slug ?? '';
    const form = (await formOf(slug)) ?? { venue: 'Inquiry', slug, intro: '', eventTypes: [] };
    return answerRefusal(reply, isJsonPost(request), form, {
      status: 413,
      code: 'body_too_large',
      detail: `An inquiry is at most ${sizeWords(INQUIRY_BODY_LIMIT)} in all: shorten the message and send it again.`,
    });
  });
}
