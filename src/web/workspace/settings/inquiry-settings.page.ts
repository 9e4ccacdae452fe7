/**
 * Settings → Inquiry form (SPEC §14): whether the venue's public inquiry page is on, its slug
 * (/inquire/<slug>), its intro and thank-you texts, the event types it offers (of the venue's own),
 * and the origins allowed to embed it, one a line. When on, the page gives the public address and
 * an embedding snippet to copy once a site may embed it.
 */
import type { InquiryForm, InquiryFormInput } from '../../../crm/inquiries/index.js';
import { type Form, formList, formText } from '../../forms.js';
import { html } from '../../html.js';
import {
  checkboxesField,
  csrfField,
  errorSummary,
  type FieldErrors,
  inputField,
  textareaField,
} from '../forms/form-fields.js';
import { noticeOf } from '../forms/list-parts.js';
import { staleNotice } from '../forms/stale.view.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export interface InquirySettingsValues {
  /** 'yes' when ticked. */
  enabled: string;
  slug: string;
  intro: string;
  thank_you: string;
  event_types: string[];
  /** One origin a line. */
  embed_origins: string;
}

const LABELS = {
  enabled: 'Take inquiries',
  slug: 'Slug',
  intro: 'Intro',
  thank_you: 'Thank-you text',
  event_types: 'Event types offered',
  embed_origins: 'Sites that may embed it',
};

/** The form's values of the settings as saved. */
export function inquiryValuesOf(form: InquiryForm): InquirySettingsValues {
  return {
    enabled: form.enabled ? 'yes' : '',
    slug: form.slug ?? '',
    intro: form.intro,
    thank_you: form.thank_you,
    event_types: form.event_types,
    embed_origins: form.embed_origins.join('\n'),
  };
}

/** The form's values as posted. */
export function inquiryValuesPosted(body: Form): InquirySettingsValues {
  return {
    enabled: formText(body, 'enabled') === 'yes' ? 'yes' : '',
    slug: formText(body, 'slug').trim(),
    intro: formText(body, 'intro'),
    thank_you: formText(body, 'thank_you'),
    event_types: formList(body, 'event_types'),
    embed_origins: formText(body, 'embed_origins'),
  };
}

/** What the form asks of the rules (`inquiry_form` on /v2/organization). */
export function inquiryInput(values: InquirySettingsValues): InquiryFormInput {
  return {
    enabled: values.enabled === 'yes',
    slug: values.slug,
    intro: values.intro,
    thank_you: values.thank_you,
    event_types: values.event_types,
    embed_origins: values.embed_origins.split(/\r?\n/),
  };
}

const describe = (field: string, value: string | readonly string[]) =>
  field === 'enabled' ? (value === 'yes' ? 'On' : 'Off') : [value].flat().join(', ');

/**
 * The public address and the snippet that embeds it, when the form is on. The form's page lets
 * only the sites listed frame it (frame-ancestors), so with none listed a snippet would show
 * nothing anywhere: the page says to list a site instead.
 */
function published(address: string | undefined, embeddable: boolean) {
  if (!address) return html``;
  const snippet = `<iframe src="${address}" title="Inquiry form" width="100%" height="900" style="border:0"></iframe>`;
  return html`<section aria-labelledby="published-title">
    <h2 id="published-title">Where it is</h2>
    <p>Public address: <a href="${address}">${address}</a></p>
    ${
      embeddable
        ? html`<div class="field">
          <label for="embed-snippet">To embed it in a page of a site listed below, copy this snippet:</label>
          <textarea id="embed-snippet" rows="3" readonly>${snippet}</textarea>
        </div>`
        : html`<p>No site may embed it yet: list a site under “Sites that may embed it” below before the form can be embedded in its pages.</p>`
    }
  </section>`;
}

export function inquirySettingsPage(
  v: WorkspaceVisitor,
  view: {
    values: InquirySettingsValues;
    version: string;
    errors: FieldErrors;
    /** The venue's event types, by value. */
    eventTypes: readonly string[];
    /** The public address of the form as saved, when it is on. */
    address?: string | undefined;
    /** Whether the settings as saved list a site that may embed the form. */
    embeddable: boolean;
    notice?: string | undefined;
    /** The settings as saved now, when the save came after someone else's (stale.view.ts). */
    saved?: InquirySettingsValues;
  },
): string {
  const { values, errors } = view;
  const types = [...view.eventTypes, ...values.event_types.filter((t) => !view.eventTypes.includes(t))];
  const body = html`${settingsTabs(v, 'inquiry-form')}<h1>Inquiry form</h1>
    ${noticeOf({ saved: 'Changes saved.' }, view.notice)}
    ${view.saved ? staleNotice({ ...view.saved }, { ...values }, LABELS, describe) : ''}
    ${errorSummary(errors, LABELS)}
    ${published(view.address, view.embeddable)}
    <form method="post" action="${orgPath(v, '/settings/inquiry-form')}" novalidate class="record-form">
      ${csrfField(v.csrfToken)}<input type="hidden" name="version" value="${view.version}" />
      <div class="field">
        <label class="check"><input type="checkbox" id="field-enabled" name="enabled" value="yes" aria-describedby="field-enabled-hint" ${values.enabled === 'yes' ? html`checked` : ''} /><span>${LABELS.enabled}</span></label>
        <p class="hint" id="field-enabled-hint">Ticked, anyone may send an inquiry from the public page; each becomes a lead.</p>
      </div>
      ${inputField({ name: 'slug', label: LABELS.slug, value: values.slug, errors, hint: 'The page’s address is /inquire/ and this: lower-case letters, digits and hyphens, such as the-old-mill.', attributes: html`maxlength="64" autocapitalize="none" spellcheck="false"` })}
      ${textareaField({ name: 'intro', label: LABELS.intro, value: values.intro, errors, hint: 'Shown above the form.' })}
      ${textareaField({ name: 'thank_you', label: LABELS.thank_you, value: values.thank_you, errors, hint: 'Shown once an inquiry is sent.' })}
      ${checkboxesField({ name: 'event_types', legend: LABELS.event_types, values: values.event_types, errors, hint: 'The kinds of event a visitor may choose from; none ticked, the form does not ask.', empty: html`<p>The venue has no event types yet: add them under Settings → Event types.</p>`, choices: types.map((t) => ({ value: t, label: t })) })}
      ${textareaField({ name: 'embed_origins', label: LABELS.embed_origins, value: values.embed_origins, errors, hint: 'One origin a line, such as https://www.example.com: only these sites may show the form in a frame or post to it from their pages.' })}
      <div class="actions"><button type="submit">Save changes</button></div>
    </form>`;
  return workspacePage(v, { title: 'Inquiry form', section: 'settings', body });
}
