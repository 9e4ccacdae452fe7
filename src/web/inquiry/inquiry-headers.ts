/**
 * The inquiry page's headers and the origins it takes posts from (SPEC §14). The page may be
 * framed only by the venue's origins (frame-ancestors), and only they get CORS answers. Its
 * referrer policy is `same-origin`, not the installation's `no-referrer`: under `no-referrer` a
 * browser sends `Origin: null` with the form's own post, which can no more be told from a post
 * made by a sandboxed frame or a `data:` page on another site, so `null` is refused.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InquiryForm } from '../../crm/inquiries/index.js';

export interface InquiryRefusal {
  status: number;
  code: string;
  detail: string;
  fields?: Record<string, string>;
}

/** The policy, caching, referrer and CORS headers of every answer at /inquire/<slug>. */
export function inquiryHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  form: InquiryForm | undefined,
): void {
  const origins = form?.embed_origins ?? [];
  const ancestors = origins.length ? origins.join(' ') : "'none'";
  reply
    .header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors ${ancestors}`,
    )
    .header('Cache-Control', 'no-store')
    .header('X-Robots-Tag', 'noindex')
    .header('Referrer-Policy', 'same-origin')
    .header('Vary', 'Origin');
  // frame-ancestors says who may frame it; the older header would forbid them all.
  if (origins.length) reply.removeHeader('X-Frame-Options');
  const origin = request.headers.origin;
  if (origin && origins.includes(origin)) reply.header('Access-Control-Allow-Origin', origin);
}

/**
 * Why a post's `Origin` is refused; undefined when it may post. No Origin: not a browser's post
 * (a server copying the hidden fields), judged by its token alone. Else it must be the served
 * page's own origin (the base URL's, or the host it was asked at) or one the venue lists.
 */
export function originRefusal(
  origin: string | undefined,
  own: { self: string; host: string | undefined },
  form: InquiryForm,
): InquiryRefusal | undefined {
  if (origin === undefined) return undefined;
  if (origin === 'null')
    return {
      status: 403,
      code: 'origin_not_allowed',
      detail:
        'This inquiry was sent from a page whose address your browser kept back, so we cannot tell it came from our form: open the form at its own address and send it from there.',
    };
  if (origin === own.self || form.embed_origins.includes(origin) || hostOf(origin) === own.host)
    return undefined;
  return {
    status: 403,
    code: 'origin_not_allowed',
    detail: `This form does not take inquiries sent from ${origin}.`,
  };
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/** Where the visitor came from: a Referer of another site than this one (a link, a search). */
export function outsideReferrer(referer: string | undefined, self: string, host: string | undefined) {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    if (url.origin === self || url.host === host) return undefined;
    return referer.slice(0, 500);
  } catch {
    return undefined;
  }
}
