/**
 * The venue behind an inquiry form's address (SPEC §14): the organization whose form has the slug,
 * whatever its case, while the form is on — what the public form's door reads before it shows or
 * takes the form.
 */
import type { Db } from '../../db/database.js';
import { type InquiryForm, inquiryFormOf } from './inquiry-form.js';

export interface InquiryVenue {
  organizationId: string;
  name: string;
  /** Its time zone, which a lead's date and times are in. */
  zone: string;
  form: InquiryForm;
}

/** The venue whose inquiry form is at `slug` and on, or undefined (none, or turned off). */
export async function inquiryVenueOf(db: Db, slug: string): Promise<InquiryVenue | undefined> {
  const row = await db
    .selectFrom('organizations')
    .select(['id', 'name', 'timezone', 'inquiry_form'])
    .where('inquiry_slug', '=', slug.toLowerCase())
    .executeTakeFirst();
  const form = row ? inquiryFormOf(row.inquiry_form) : undefined;
  if (!row || !form?.enabled) return undefined;
  return { organizationId: row.id, name: row.name, zone: row.timezone, form };
}
