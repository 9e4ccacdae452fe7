/**
 * An organization's inquiry form settings (SPEC §14), `inquiry_form` on /v2/organization and
 * Settings → Inquiry form: on or off, its slug (/inquire/<slug>: lower-case letters, digits and
 * hyphens), the intro and thank-you texts, the event types it offers, and the origins allowed to
 * embed it (frame-ancestors) and post to it from their pages (CORS): exact https://host[:port]
 * origins, as a browser writes them, nothing else (a word after one would be a directive of the
 * policy, a wildcard would let every site in). A form is enabled only with a slug. A change names
 * only what it changes.
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

/**
 * The settings stored (null: never set) as the form reads them. An embedding origin stored
 * before origins were held to their shape is dropped, never put in a header.
 */
export function inquiryFormOf(stored: string | null | undefined): InquiryForm {
  if (!stored) return { ...DEFAULT_INQUIRY_FORM };
  const form = { ...DEFAULT_INQUIRY_FORM, ...(JSON.parse(stored) as Partial<InquiryForm>) };
  return { ...form, embed_origins: form.embed_origins.filter((o) => originProblem(o) === undefined) };
}

/** A host name: labels of letters, digits and inner hyphens (punycode for others), dot-separated. */
const HOST =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const ORIGIN = /^https:\/\/([^/:]+)(?::(\d{1,5}))?\/?$/i;

/** What is wrong with an embedding origin, in a few words; undefined when it is one. */
function originProblem(value: string): string | undefined {
  if (!/^https:\/\//i.test(value)) return /^http:\/\//i.test(value) ? 'not https' : 'not an https:// origin';
  const parts = ORIGIN.exec(value);
  if (!parts) return 'more than https://host[:port]';
  if (!HOST.test(parts[1]!)) return parts[1]!.includes('*') ? 'no wildcards' : 'not a host name';
  const port = parts[2] === undefined ? 443 : Number(parts[2]);
  if (port < 1 || port > 65_535) return 'not a port';
  return undefined;
}

/** An origin as a browser sends it (https://host[:port], lower case, no default port), or undefined. */
export function originOf(value: string): string | undefined {
  const trimmed = value.trim();
  return originProblem(trimmed) === undefined ? new URL(trimmed).origin : undefined;
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
    const wrong = given.flatMap((o) => {
      const problem = originProblem(o);
      return problem ? [`"${o}" (${problem})`] : [];
    });
    if (wrong.length > 0)
      bad(
        'embed_origins',
        `${wrong.join(', ')}: an origin is https://host[:port], nothing else (no path, no wildcard, no other words).`,
      );
    else if (given.length > LIMITS.origins) bad('embed_origins', `At most ${LIMITS.origins} origins.`);
    form.embed_origins = [...new Set(given.map((o) => originOf(o) ?? o))];
  }
  if (form.enabled && form.slug === null)
    bad('slug', 'An inquiry form needs a slug to be enabled.', 'required');
  return { value: form, problems: problems.list };
}
