/**
 * A document's PDF, as every door serves it (the API, the workspace, the portal): the bytes kept
 * for it once it was sent, issued or signed, the same every time (their SHA-256 is its ETag),
 * else a draft rendered now from its model, marked "Draft"; a void one is marked "Void" on every
 * page, its kept bytes still served when asked for (`?as=issued`). And the PDFs an action
 * keeps, rendered before its unit of work (document-actions.ts).
 */
import type { FastifyReply } from 'fastify';
import { noneMatch } from '../data/etag.js';
import type { AppContext } from '../../app-context.js';
import { organizationLocale } from '../../locale.js';
import { currentFile, modelOf, pdfRequestOf } from './document-files.js';
import type { IssuedStamp } from './document-model.js';
import { dayOf } from './document-words.js';
import type { DocumentValue } from './document.codec.js';
import { nextInvoiceNumber } from './invoice-numbers.js';

type Context = Pick<AppContext, 'db' | 'pdf' | 'clock'>;

export interface PdfFile {
  bytes: Uint8Array;
  etag: string;
  /** Without ".pdf". */
  filename: string;
}

/** The PDF as the client is sent it: the model, unmarked. */
export async function documentPdf(ctx: Context, document: DocumentValue): Promise<Uint8Array> {
  return ctx.pdf.render(await pdfRequestOf(ctx.db, document, { watermark: null }));
}

/**
 * What issuing an invoice keeps: rendered with the number it should take, and how to render it
 * with another (under the lock: from what is read here, as the lock's transaction holds the
 * connection SQLite would read through).
 */
export async function issuePdf(ctx: Context, document: DocumentValue) {
  const base = await pdfRequestOf(ctx.db, document, { watermark: null });
  const render = (stamp: IssuedStamp) => ctx.pdf.render({ ...base, issued: stamp });
  if (document.status !== 'draft' || document.kind === 'proposal') return { rendered: undefined, render };
  const organization = await ctx.db
    .selectFrom('organizations')
    .select(['timezone', 'locale'])
    .where('id', '=', document.organizationId)
    .executeTakeFirstOrThrow();
  const stamp = {
    number: document.kind === 'invoice' ? await nextInvoiceNumber(ctx.db, document.organizationId) : null,
    issuedOn: dayOf(ctx.clock.now(), organization.timezone, organizationLocale(organization)),
  };
  return { rendered: { stamp, pdf: await render(stamp) }, render };
}

/**
 * The document's PDF now: kept bytes, or a draft rendered from its model. A void one that was
 * kept (sent, issued or signed) is rendered again from its model, as issued, with VOID across
 * every page, so no copy of it passes for valid; its kept bytes stay available (issuedPdfFile).
 */
export async function documentPdfFile(ctx: Context, document: DocumentValue): Promise<PdfFile> {
  const kept = await currentFile(ctx.db, document);
  if (kept && document.status !== 'void') return keptPdf(ctx, document, kept);
  const request = await pdfRequestOf(ctx.db, document, {
    watermark: document.status === 'void' ? 'Void' : 'Draft',
    issued: await issuedStamp(ctx, document),
  });
  const etag = kept ? `W/"${document.id}-void-${kept.sha256}"` : `W/"${document.id}-${document.status}"`;
  // A draft's model never changes: its PDF differs only with the renderer, and with a void.
  return { bytes: await ctx.pdf.render(request), etag, filename: request.model.name };
}

/** The bytes kept when the document was sent, issued or signed, void or not; undefined for none. */
export async function issuedPdfFile(ctx: Context, document: DocumentValue): Promise<PdfFile | undefined> {
  const kept = await currentFile(ctx.db, document);
  return kept && keptPdf(ctx, document, kept);
}

async function keptPdf(ctx: Context, document: DocumentValue, kept: { bytes: Uint8Array; sha256: string }) {
  return { bytes: kept.bytes, etag: `"${kept.sha256}"`, filename: (await modelOf(ctx.db, document)).name };
}

/** The number and day an issued document was issued with, as its kept PDF shows them. */
async function issuedStamp(ctx: Context, document: DocumentValue): Promise<IssuedStamp | undefined> {
  if (!document.issuedAt) return undefined;
  const organization = await ctx.db
    .selectFrom('organizations')
    .select(['timezone', 'locale'])
    .where('id', '=', document.organizationId)
    .executeTakeFirstOrThrow();
  return {
    number: document.number,
    issuedOn: dayOf(document.issuedAt, organization.timezone, organizationLocale(organization)),
  };
}

/** Sends a PDF file, or 304 when the client has it. */
export function sendPdf(reply: FastifyReply, pdf: PdfFile, ifNoneMatch: string | undefined) {
  reply.header('ETag', pdf.etag).header('Cache-Control', 'private, no-cache');
  if (!noneMatch(ifNoneMatch, pdf.etag)) return reply.code(304).send();
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `inline; filename="${pdf.filename.replace(/[^\w .-]/g, '_')}.pdf"`)
    .send(Buffer.from(pdf.bytes));
}
