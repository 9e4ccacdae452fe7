/**
 * An organization's inquiry form settings (SPEC §14), `inquiry_form` on /v2/organization and
 * Settings → Inquiry form: on or off, its slug (/inquire/<slug>: lower-case letters, digits and
 * hyphens), the intro and thank-you texts, the event types it offers, and the origins allowed to
 * embed it (frame-ancestors) and post to it from their pages (CORS): https origins, as a browser
 * writes them (http only for localhost). A form is enabled only with a slug. A change names only
 * what it changes.
 */
import { Problems } from '../validation.js';

export interface InquiryForm {
  enabled: boolean;
  slug: string | null;
  intro: string;
  thank_you: string;
  event_types: string[];
  embed_origins: string[];
}

export type InquiryFormInput = Partial<{ [K in keyof InquiryForm]: InquiryForm[K] | undefined }>;

export const DEFAULT_INQUIRY_FORM: InquiryForm = {
  enabled: false,
  slug: null,
  intro: '',
  thank_you: 'Thank you for your inquiry: we will be in touch shortly.',
  event_types: [],
  embed_origins: [],
};

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const LIMITS = { text: 2000, types: 20, type: 100, origins: 10 };

/** The settings stored (null: never set) as the form reads them. */
export function inquiryFormOf(stored: string | null | undefined): InquiryForm {
  if (!stored) return { ...DEFAULT_INQUIRY_FORM };
  return { ...DEFAULT_INQUIRY_FORM, ...(JSON.parse(stored) as Partial<InquiryForm>) };
}

/** An origin as a browser sends it (scheme://host[:port]), or undefined. */
export function originOf(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return undefined;
    return url.origin === value.trim().replace(/\/$/, '') ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

const at = (member: string) => ({ pointer: `/data/attributes/inquiry_form/${member}` });

/** The settings after `input`, and each problem at its member's pointer. */
export function checkInquiryForm(input: InquiryFormInput, current: InquiryForm) {
  const problems = new Problems();
  const bad = (member: string, detail: string, code = 'invalid_value') =>
    problems.add({ field: `inquiry_form/${member}`, detail, code, source: at(member) });
  const form: InquiryForm = { ...current };
  if (input.enabled !== undefined) form.enabled = input.enabled;
  if (input.slug !== undefined) {
    const slug = input.slug?.trim().toLowerCase() || null;
    if (slug !== null && !SLUG.test(slug))
      bad('slug', `"${slug}" is not a slug: lower-case letters, digits and hyphens, at most 64.`);
    form.slug = slug;
  }
  for (const member of ['intro', 'thank_you'] as const) {
    const value = input[member];
    if (value === undefined) continue;
    if (value.length > LIMITS.text) bad(member, `At most ${LIMITS.text} characters.`, 'too_long');
    form[member] = value.trim();
  }
  if (input.event_types !== undefined) {
    const types = [...new Set(input.event_types.map((t) => t.trim()).filter(Boolean))];
    if (types.length > LIMITS.types || types.some((t) => t.length > LIMITS.type))
      bad('event_types', `At most ${LIMITS.types} event types of at most ${LIMITS.type} characters.`);
    form.event_types = types;
  }
  if (input.embed_origins !== undefined) {
    const given = input.embed_origins.map((o) => o.trim()).filter(Boolean);
    const wrong = given.filter((o) => originOf(o) === undefined);
    if (wrong.length > 0)
      bad(
        'embed_origins',
        `${wrong.map((o) => `"${o}"`).join(', ')}: an origin is https://host[:port] with no path (http only for localhost).`,
      );
    else if (given.length > LIMITS.origins) bad('embed_origins', `At most ${LIMITS.origins} origins.`);
    form.embed_origins = [...new Set(given.map((o) => originOf(o) ?? o))];
  }
  if (form.enabled && form.slug === null)
    bad('slug', 'An inquiry form needs a slug to be enabled.', 'required');
  return { value: form, problems: problems.list };
}
