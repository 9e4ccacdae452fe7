/**
 * The venue's public inquiry page (SPEC §14), in the venue's name: its intro, the form (name,
 * e-mail, phone, company, event type, date, times, guests, message), the thank-you text once
 * sent, or why a post was refused, in words, beside the fields at fault. No script; readable on
 * a 390 px phone; the honeypot sits off-screen, hidden from people and their screen readers.
 */
import { STYLESHEET_PATH } from '../assets.js';
import { html, type SafeHtml } from '../html.js';
import { HONEYPOT } from '../../crm/inquiries/index.js';
import { customInputs } from '../workspace/forms/custom-fields.view.js';
import { contactDrawn, CUSTOM_PREFIX, type InquiryCustom } from './inquiry-custom.js';

/**
 * The page's frame, the portal's look in the venue's name, with a `same-origin` referrer policy (not the
 * portal's `no-referrer`): the browser then sends the form's post with this page's origin,
 * which the form checks (inquiry-headers.ts), and no address to another site.
 */
function inquiryFrame(title: string, venue: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="same-origin" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${title}</title>
        <link rel="stylesheet" href="${STYLESHEET_PATH}" />
      </head>
      <body class="portal-body">
        <a class="skip" href="#main">Skip to content</a>
        <header class="portal-bar"><p class="portal-venue">${venue}</p></header>
        <main id="main" class="portal">${body}</main>
      </body>
    </html>`.value;
}

export interface InquiryView {
  venue: string;
  slug: string;
  intro: string;
  eventTypes: string[];
  token: string;
  /** What was typed, when a post was refused. */
  values?: Record<string, string> | undefined;
  /** Field → what is wrong; '' for the form as a whole. */
  errors?: Record<string, string> | undefined;
  /** The venue's own fields on the form, with what was typed (inquiry-custom.ts). */
  custom?: InquiryCustom | undefined;
}

const FIELDS: Array<[name: string, label: string, type: string, autocomplete: string, required?: boolean]> = [
  ['name', 'Your name', 'text', 'name', true],
  ['email', 'E-mail', 'email', 'email', true],
  ['phone', 'Phone (optional)', 'tel', 'tel'],
  ['company', 'Company (optional)', 'text', 'organization'],
];

function field(
  view: InquiryView,
  [name, label, type, autocomplete, required]: (typeof FIELDS)[number],
): SafeHtml {
  const error = view.errors?.[name];
  return html`<div>
    <label for="${name}">${label}</label>
    ${error ? html`<p class="field-error" id="${name}-error">${error}</p>` : ''}
    <input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" maxlength="${name === 'email' ? 254 : 200}" value="${view.values?.[name] ?? ''}" ${required ? html`required` : ''} ${error ? html`aria-invalid="true" aria-describedby="${name}-error"` : ''} />
  </div>`;
}

function input(
  view: InquiryView,
  name: string,
  label: string,
  type: string,
  extra: SafeHtml | '' = '',
): SafeHtml {
  const error = view.errors?.[name];
  return html`<div>
    <label for="${name}">${label}</label>
    ${error ? html`<p class="field-error" id="${name}-error">${error}</p>` : ''}
    <input id="${name}" name="${name}" type="${type}" value="${view.values?.[name] ?? ''}" ${extra} ${error ? html`aria-invalid="true" aria-describedby="${name}-error"` : ''} />
  </div>`;
}

export function inquiryPage(view: InquiryView): string {
  const errors = Object.entries(view.errors ?? {});
  const summary = errors.length
    ? html`<div class="error-summary" role="alert"><h2>Your inquiry was not sent</h2><ul>${errors.map(
        ([name, message]) =>
          name
            ? html`<li><a href="#${name.startsWith(CUSTOM_PREFIX) ? `field-${name}` : name}">${message}</a></li>`
            : html`<li>${message}</li>`,
      )}</ul></div>`
    : '';
  const types = view.eventTypes.length
    ? html`<div><label for="event_type">Type of event</label>
        <select id="event_type" name="event_type"><option value="">Choose…</option>${view.eventTypes.map(
          (t) => html`<option ${view.values?.event_type === t ? html`selected` : ''}>${t}</option>`,
        )}</select></div>`
    : '';
  const body = html`<section class="portal-panel" aria-labelledby="inquiry-title">
    <h1 id="inquiry-title">Ask ${view.venue} about your event</h1>
    ${view.intro ? html`<p>${view.intro}</p>` : ''}
    ${summary}
    <form class="inquiry-form" method="post" action="/inquire/${view.slug}" novalidate>
      <input type="hidden" name="token" value="${view.token}" />
      <div class="inquiry-trap" aria-hidden="true"><label for="${HONEYPOT}">Leave this empty</label><input id="${HONEYPOT}" name="${HONEYPOT}" type="text" tabindex="-1" autocomplete="off" /></div>
      <div class="pair">${FIELDS.map((f) => field(view, f))}</div>
      ${types}
      <div class="pair">
        ${input(view, 'date', 'Date', 'date', html`required`)}
        ${input(view, 'guest_count', 'Guests', 'number', html`min="0" max="1000000" inputmode="numeric"`)}
        ${input(view, 'start_time', 'Start time (optional)', 'time')}
        ${input(view, 'end_time', 'End time (optional)', 'time')}
      </div>
      <label for="message">Message (optional)</label>
      ${view.errors?.message ? html`<p class="field-error" id="message-error">${view.errors.message}</p>` : ''}
      <textarea id="message" name="message" rows="5" maxlength="5000">${view.values?.message ?? ''}</textarea>
      ${customInputs(view.custom?.booking, view.errors ?? {}, 'About your event')}
      ${customInputs(contactDrawn(view.custom), view.errors ?? {}, 'About you')}
      ${['utm_source', 'utm_medium', 'utm_campaign', 'referrer'].map((n) =>
        view.values?.[n] ? html`<input type="hidden" name="${n}" value="${view.values[n]}" />` : '',
      )}
      <div class="actions"><button type="submit">Send inquiry</button></div>
    </form>
  </section>`;
  return inquiryFrame(`Inquiry — ${view.venue}`, view.venue, body);
}

export function thankYouPage(venue: string, text: string): string {
  return inquiryFrame(
    `Thank you — ${venue}`,
    venue,
    html`<section class="portal-panel" role="status"><h1>Thank you</h1><p>${text}</p></section>`,
  );
}

export function refusedPage(venue: string, slug: string, reason: string): string {
  return inquiryFrame(
    `Not sent — ${venue}`,
    venue,
    html`<section class="portal-panel" role="alert"><h1>Your inquiry was not sent</h1><p>${reason}</p><p><a href="/inquire/${slug}">Back to the form</a></p></section>`,
  );
}
