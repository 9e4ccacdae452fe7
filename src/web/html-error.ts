/** Errors on the HTML pages render as a page, never as JSON; pages that need a user send them to sign in. */
import type { FastifyError } from 'fastify';
import { HttpError } from '../errors.js';
import { errorPage } from './error.page.js';

export class HtmlError extends HttpError {
  readonly contentType = 'text/html; charset=utf-8';

  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'HtmlError';
  }

  body(): string {
    return errorPage(this.title, this.detail);
  }
}

export function translateToHtmlError(error: FastifyError): HtmlError {
  if (error.code === 'FST_CSRF_INVALID_TOKEN' || error.code === 'FST_CSRF_MISSING_SECRET') {
    return new HtmlError(403, 'This form has expired', 'Go back, reload the page and try again.');
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new HtmlError(415, 'Unsupported form', 'Submit the form from its page.');
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new HtmlError(413, 'Too much data', 'The form sent more data than Marquee accepts.');
  }
  return new HtmlError(400, 'Something is wrong with this request', 'The page received data it cannot read.');
}

/** A page that needs a signed-in user sends the visitor to sign in, and back here afterwards. */
export class SignInRequired extends HttpError {
  readonly status = 303;
  readonly contentType = 'text/html; charset=utf-8';

  constructor(returnTo: string) {
    super('sign-in required');
    this.name = 'SignInRequired';
    this.withHeader('Location', `/sign-in?return_to=${encodeURIComponent(returnTo)}`);
  }

  body(): string {
    return '';
  }
}
