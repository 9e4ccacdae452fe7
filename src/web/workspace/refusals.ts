/**
 * What the services refuse, shown as a page that keeps the workspace's navigation: the same rule
 * as the API (SPEC §9), in a human sentence. Errors before the visitor is known (sign-in needed,
 * not a member) and server errors go to the pages' usual handler.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, type FieldProblem, HttpError, ValidationError } from '../../errors.js';
import { html } from '../html.js';
import { HtmlError } from '../html-error.js';
import { sendPage } from '../forms.js';
import type { Section } from './workspace-layout.js';
import { workspacePage } from './workspace-layout.js';
import type { Refusal } from '../../writes/refusal.js';
import { notFound, orgPath, visitorAnywhere, visitorOf } from './workspace-visitor.js';
import { workspaceWords } from './forms/problem-words.js';

const TITLES: Record<number, string> = {
  403: 'Not allowed',
  404: 'Not found',
  409: 'This was refused',
  412: 'This changed while you were looking at it',
  422: 'This was refused',
};

function sectionOf(url: string): Section {
  const segment = /^\/orgs\/[^/]+\/([a-z-]+)/.exec(url)?.[1];
  if (segment === 'notes') return 'bookings';
  return (
    (
      [
        'bookings',
        'inbox',
        'tasks',
        'approvals',
        'pipeline',
        'week',
        'find-a-space',
        'accounts',
        'contacts',
        'settings',
      ] as const
    ).find((s) => s === segment) ?? 'bookings'
  );
}

/** What was refused, as the rule said it: each problem of a field, else its one sentence. */
interface Said {
  status: number;
  code?: string | undefined;
  detail?: string | undefined;
  problems?: readonly FieldProblem[] | undefined;
}

/**
 * The page's words: a refusal's own sentence in the workspace's words (problem-words.ts), but for
 * a stale version or a missing record.
 */
function explanation({ status, code, detail, problems }: Said): { title: string; detail: string } {
  const said =
    status === 412
      ? 'Someone saved a change to it after you opened this page, so your change was not saved over theirs. Open it again to see the latest version, then make your change once more.'
      : status === 404
        ? 'There is nothing at this address.'
        : problems && problems.length > 0
          ? problems.map(workspaceWords).join(' ')
          : detail === undefined
            ? 'The request was refused.'
            : workspaceWords({ detail, code });
  return { title: TITLES[status] ?? 'This was refused', detail: said };
}

export async function workspaceErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.validationContext === 'params') {
    // An address no record can have (an id too long): the same 404 as one that does not exist,
    // whose visitor the route had no time to learn.
    request.workspace ??= await visitorAnywhere(request, reply);
    if (!request.workspace) throw notFound();
    return refusalPage(request, reply, explanation({ status: 404 }), 404);
  }
  const visitor = request.workspace;
  if (!visitor || !(error instanceof HttpError) || error.status < 400 || error.status >= 500) throw error;
  const words =
    error instanceof HtmlError
      ? { title: error.title, detail: error.detail }
      : error instanceof ApiError
        ? explanation({
            status: error.status,
            code: error.code,
            detail: error.detail,
            problems: error instanceof ValidationError ? error.problems : undefined,
          })
        : explanation({ status: error.status });
  return refusalPage(request, reply, words, error.status);
}

/**
 * A refusal of a write (src/writes/refusal.ts) that the page has no place of its own for: the
 * same page as one thrown before the command ran.
 */
export function sendRefusal(request: FastifyRequest, reply: FastifyReply, refusal: Refusal) {
  return refusalPage(request, reply, explanation(refusal), refusal.status);
}

/**
 * Where *Go back* leads after a refused post: the page of the record it was about, without the
 * action's own segment (a note's page is its record's); an Inbox message or a drafted mail awaiting
 * approval is shown on its list.
 */
export function backPathOf(path: string): string | undefined {
  if (path.includes('/notes/')) return undefined;
  return path
    .replace(/\/(status|delete|notes|send|skip|file|dismiss|restore|lead)$/, '')
    .replace(/\/(approvals|inbox)\/[^/]+$/, '/$1');
}

function refusalPage(
  request: FastifyRequest,
  reply: FastifyReply,
  { title, detail }: { title: string; detail: string },
  status: number,
) {
  const visitor = visitorOf(request);
  const section = sectionOf(request.url);
  const back = request.method === 'POST' ? backPathOf(request.url.split('?')[0] ?? '') : undefined;
  const body = html`<h1>${title}</h1>
    <div role="alert" class="refusal">${detail}</div>
    <p class="actions">
      ${back ? html`<a class="button secondary" href="${back}">Go back</a>` : ''}
      <a class="button secondary" href="${orgPath(visitor, '/bookings')}">Bookings</a>
    </p>`;
  return sendPage(reply, workspacePage(visitor, { title, section, body }), status);
}
