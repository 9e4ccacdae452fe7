/**
 * Making a new document version (SPEC §13, docs/decisions/0013), as every door does it: its
 * templates are rendered first, on a rendering thread and off the organization's lock, from the
 * booking's data and the templates as the database has them now; then the unit of work
 * (createDocument) keeps them when nothing they were rendered from changed meanwhile, and they
 * are rendered again when something did (src/writes/prepared.ts).
 */
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../policy/actor.js';
import { withPreparation } from '../../writes/prepared.js';
import { isRefusal, type Refusal } from '../../writes/refusal.js';
import { write } from '../../writes/unit-of-work.js';
import { createDocument, type DocumentInput, fieldsOf, versionFacts } from './document.commands.js';
import { type PreparedDocumentInput, renderKey } from './document-prepare.js';
import { renderForDocument } from './document-templates.js';
import { mergeData } from './merge-data.js';

type Context = Pick<AppContext, 'db' | 'clock' | 'pdf'>;

/**
 * The input with its templates rendered; as it was when it will be refused (the command says
 * why). A template that cannot be rendered for this booking is refused: a 422 naming its part and line.
 */
export async function prepareDocument(
  ctx: Context,
  actor: Actor,
  input: DocumentInput,
): Promise<PreparedDocumentInput | Refusal> {
  const fields = await fieldsOf(ctx.db, actor, input);
  const made = fields && (await versionFacts(ctx.db, actor, fields, ctx.clock.now()));
  if (!made) return input;
  const data = mergeData(made.facts);
  const texts = await renderForDocument(ctx.pdf, actor.organizationId, made.facts.templates, data);
  if (isRefusal(texts)) return texts;
  return { ...input, prepared: { key: renderKey(made.facts.templates, data), texts } };
}

/**
 * The unit of work that makes a new version (`write`), its templates rendered before it; the
 * versions of one booking's kind are prepared one after another. Templates that cannot be
 * rendered refuse it before it runs, as the error the doors answer (as `write` throws a refusal).
 */
export function withRenderedTemplates<Outcome>(
  ctx: Context,
  actor: Actor,
  input: DocumentInput,
  write: (input: PreparedDocumentInput) => Promise<Outcome>,
): Promise<Outcome> {
  return withPreparation(
    `document ${actor.organizationId} ${input.bookingId ?? ''} ${input.kind ?? ''}`,
    async () => {
      const prepared = await prepareDocument(ctx, actor, input);
      if (isRefusal(prepared)) throw prepared.asError();
      return prepared;
    },
    write,
  );
}

/** Makes a new version through the unit of work, its templates rendered before it. */
export function makeDocument(ctx: Context & Pick<AppContext, 'writer'>, actor: Actor, input: DocumentInput) {
  return withRenderedTemplates(ctx, actor, input, (prepared) =>
    write(ctx.writer, actor, createDocument, prepared),
  );
}
