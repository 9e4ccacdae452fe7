/** A page that needs a signed-in user sends the visitor to sign in, and back here afterwards. */
import { HttpError } from '../errors.js';

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
