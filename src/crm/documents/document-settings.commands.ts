/**
 * Settings → Documents (SPEC §13), organization admins only, as units of work: the templates of
 * a kind of document (each judged before it is saved: read and rendered against sample data on a
 * rendering thread, so a broken one is refused with its line and the reason in words, and the
 * command takes only templates so judged), back to the shipped defaults, the
 * venue's address, and its logo (its bytes judged by logo.ts, kept by their SHA-256 so documents
 * made with an earlier logo keep showing it).
 */
import { isoTime } from '../../clock.js';
import type { FieldProblem } from '../../errors.js';
import type { Refusal } from '../../writes/refusal.js';
import type { Command } from '../../writes/unit-of-work.js';
import { Problems, refusalOfProblems } from '../validation.js';
import { TEMPLATE_PARTS } from './default-templates.js';
import { sampleProblems, type Threads } from './document-templates.js';
import type { MergeData } from './merge-data.js';
import type { DocumentKind } from './document.table.js';
import type { CheckedLogo } from './logo.js';
import { DOCUMENT_SETTINGS_ACTIONS } from './document.policy.js';

export interface TemplatesInput {
  kind: DocumentKind;
  header: string;
  footer: string;
  terms: string;
}

declare const judged: unique symbol;
/** Templates tried against the sample and found to render (only `checkTemplates` makes them). */
export type CheckedTemplates = TemplatesInput & { readonly [judged]: true };

/** The longest address a document's masthead holds: six lines. */
const ADDRESS_LINES = 6;

/**
 * The templates judged: every broken part of the input, each with its line and why, or the
 * templates (line ends made "\n") ready to save. Rendered on a rendering thread, before any
 * unit of work.
 */
export async function checkTemplates(
  threads: Threads,
  organizationId: string,
  input: TemplatesInput,
  /** The sample with the organization's custom fields (custom-merge.ts); the bare one when absent. */
  sample: MergeData | null = null,
): Promise<{ problems: readonly FieldProblem[] } | { checked: CheckedTemplates }> {
  const problems = new Problems();
  const texts = {
    header: input.header.replace(/\r\n?/g, '\n'),
    footer: input.footer.replace(/\r\n?/g, '\n'),
    terms: input.terms.replace(/\r\n?/g, '\n'),
  };
  for (const part of TEMPLATE_PARTS) problems.text(part, texts[part], 'lines');
  if (problems.list.length === 0) {
    for (const problem of await sampleProblems(threads, organizationId, texts, sample)) {
      problems.attribute(problem.part, `Line ${problem.line}: ${problem.reason}.`, 'template_error');
    }
  }
  if (problems.list.length > 0) return { problems: problems.list };
  return { checked: { kind: input.kind, ...texts } as CheckedTemplates };
}

export const saveTemplates: Command<CheckedTemplates, void> = {
  action: DOCUMENT_SETTINGS_ACTIONS.save_templates,
  async run({ trx, actor, now }, input) {
    const texts = { header: input.header, footer: input.footer, terms: input.terms };
    await trx
      .insertInto('document_templates')
      .values({ organization_id: actor.organizationId, kind: input.kind, ...texts, updated_at: isoTime(now) })
      .onConflict((oc) =>
        oc.columns(['organization_id', 'kind']).doUpdateSet({ ...texts, updated_at: isoTime(now) }),
      )
      .execute();
  },
};

export const restoreDefaultTemplates: Command<{ kind: DocumentKind }, void> = {
  action: DOCUMENT_SETTINGS_ACTIONS.restore_templates,
  async run({ trx, actor }, { kind }) {
    await trx
      .deleteFrom('document_templates')
      .where('organization_id', '=', actor.organizationId)
      .where('kind', '=', kind)
      .execute();
  },
};

async function keepSettings(
  trx: Parameters<Command<unknown, void>['run']>[0]['trx'],
  organizationId: string,
  changes: { venue_address?: string; logo_sha256?: string | null },
  now: number,
) {
  const at = isoTime(now);
  await trx
    .insertInto('document_settings')
    .values({
      organization_id: organizationId,
      venue_address: '',
      logo_sha256: null,
      ...changes,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet({ ...changes, updated_at: at }))
    .execute();
}

export function addressProblems(address: string) {
  const problems = new Problems();
  const text = address.replace(/\r\n?/g, '\n').trim();
  problems.text('venue_address', text, 'lines');
  if (text.length > 500)
    problems.attribute('venue_address', 'An address is at most 500 characters.', 'too_long');
  else if (text.split('\n').length > ADDRESS_LINES)
    problems.attribute('venue_address', `An address is at most ${ADDRESS_LINES} lines.`, 'too_long');
  return problems.list;
}

export const saveVenueAddress: Command<{ address: string }, void | Refusal> = {
  action: DOCUMENT_SETTINGS_ACTIONS.save_venue_address,
  async run({ trx, actor, now }, { address }) {
    const refused = refusalOfProblems({ problems: addressProblems(address) });
    if (refused) return refused;
    const lines = address
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    await keepSettings(trx, actor.organizationId, { venue_address: lines.join('\n') }, now);
  },
};

/** A logo judged by logo.ts (and rendered in a PDF once), or none (removes the logo). */
export const saveLogo: Command<{ logo: CheckedLogo | null }, void> = {
  action: DOCUMENT_SETTINGS_ACTIONS.save_logo,
  async run({ trx, actor, now }, { logo }) {
    if (logo) {
      await trx
        .insertInto('document_logos')
        .values({
          organization_id: actor.organizationId,
          sha256: logo.sha256,
          media_type: logo.mediaType,
          width: logo.width,
          height: logo.height,
          bytes: Buffer.from(logo.bytes),
          created_at: isoTime(now),
        })
        .onConflict((oc) => oc.columns(['organization_id', 'sha256']).doNothing())
        .execute();
    }
    await keepSettings(trx, actor.organizationId, { logo_sha256: logo?.sha256 ?? null }, now);
  },
};
