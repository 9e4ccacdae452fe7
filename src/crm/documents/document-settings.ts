/**
 * What an organization's documents show of the venue and say in its words (SPEC §13): its
 * address, its logo and its templates per kind of document, read by every document made and
 * written by its admins under Settings → Documents (document-settings.commands.ts). A kind
 * never saved reads the shipped defaults.
 */
import type { Db, Trx } from '../../db/database.js';
import { DEFAULT_TEMPLATES, type TemplateTexts } from './default-templates.js';
import { logoSizeOf } from './document.codec.js';
import type { DocumentKind, LogoMediaType } from './document.table.js';

export interface LogoFacts {
  sha256: string;
  media_type: LogoMediaType;
  width: number;
  height: number;
}

export interface DocumentSettings {
  venue_address: string;
  logo: LogoFacts | undefined;
}

export async function documentSettingsOf(db: Db | Trx, organizationId: string): Promise<DocumentSettings> {
  const row = await db
    .selectFrom('document_settings as s')
    .leftJoin('document_logos as l', (join) =>
      join.onRef('l.organization_id', '=', 's.organization_id').onRef('l.sha256', '=', 's.logo_sha256'),
    )
    .select(['s.venue_address', 'l.sha256', 'l.media_type', 'l.width', 'l.height'])
    .where('s.organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!row) return { venue_address: '', logo: undefined };
  const logo =
    row.sha256 && row.media_type
      ? {
          sha256: row.sha256,
          media_type: row.media_type,
          // Both are set with the logo: a join that found it has them.
          ...logoSizeOf({ width: row.width!, height: row.height! }),
        }
      : undefined;
  return { venue_address: row.venue_address, logo };
}

/** The organization's templates of a kind: as saved, else the defaults. */
export async function templatesOf(
  db: Db | Trx,
  organizationId: string,
  kind: DocumentKind,
): Promise<TemplateTexts> {
  return (await savedTemplatesOf(db, organizationId, kind)) ?? DEFAULT_TEMPLATES[kind];
}

/** The organization's templates of a kind as it saved them, or undefined (it uses the defaults). */
export function savedTemplatesOf(
  db: Db | Trx,
  organizationId: string,
  kind: DocumentKind,
): Promise<TemplateTexts | undefined> {
  return db
    .selectFrom('document_templates')
    .select(['header', 'footer', 'terms'])
    .where('organization_id', '=', organizationId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** A logo's bytes, by its SHA-256 among the organization's. */
export async function logoBytes(
  db: Db | Trx,
  organizationId: string,
  sha256: string,
): Promise<{ bytes: Uint8Array; mediaType: LogoMediaType } | undefined> {
  const row = await db
    .selectFrom('document_logos')
    .select(['bytes', 'media_type'])
    .where('organization_id', '=', organizationId)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return row && { bytes: new Uint8Array(row.bytes), mediaType: row.media_type };
}
