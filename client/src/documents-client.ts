/**
 * `documents` (/v2/documents): a booking's proposals, BEOs and invoices. `create` makes a new
 * version of the booking as it is now; `send` e-mails a proposal, or an issued invoice (its PDF
 * attached, with a link to the client's balance), to the booking's contact and returns the
 * client's link (in that answer only: Marquee keeps its hash); `issue` numbers an invoice and
 * keeps its PDF; `void` ends a document; `pdf` is the PDF's bytes. Only a draft is deleted.
 */
import type { ChangeOptions, CreateOptions, NewDocument } from './inputs.js';
import { flatten, type SingleDocument } from './jsonapi.js';
import type { DocumentListOptions } from './list-options.js';
import { type Requester, type ResourceReader, resourceReader, resourceWriter } from './resource-client.js';
import type { Document } from './types.js';
import { SHAPES } from './write-documents.js';

/**
 * A proposal or an invoice as sent: the document, and the client's link (null in a response
 * replayed for an Idempotency-Key). An invoice's link opens the client's page at its balance.
 */
export interface SentDocument {
  document: Document;
  shareUrl: string | null;
  shareUrlExpiresAt: string | null;
}

export interface ActionOptions extends ChangeOptions {
  /** Sent as Idempotency-Key; a new random key when not given. */
  idempotencyKey?: string;
}

export interface DocumentsClient extends ResourceReader<Document, DocumentListOptions> {
  /** Sends an Idempotency-Key, so a retried create never makes a second version. */
  create(input: NewDocument, options?: CreateOptions): Promise<Document>;
  /** Drafts only (a ConflictError `kept` otherwise). */
  delete(id: string, options?: ChangeOptions): Promise<void>;
  /**
   * E-mails the booking's contact: a proposal (draft or sent) with a link to accept it, or an
   * issued invoice with its PDF attached and a link to the balance (again as often as asked; its
   * number and PDF never change). A ConflictError `not_issued` for a draft invoice,
   * `not_sendable` for a BEO, `invalid_transition` for a void document.
   */
  send(id: string, options?: ActionOptions): Promise<SentDocument>;
  issue(id: string, options?: ActionOptions): Promise<Document>;
  void(id: string, options?: ActionOptions): Promise<Document>;
  /** The PDF: kept bytes once sent, issued or signed; else a draft made now. */
  pdf(id: string, options?: { organizationId?: string }): Promise<Uint8Array>;
}

interface ActionDocument extends SingleDocument {
  meta?: { share_url: string | null; share_url_expires_at: string | null };
}

export function documentsClient(api: Requester): DocumentsClient {
  const path = '/v2/documents';
  const at = (id: string) => `${path}/${encodeURIComponent(id)}`;
  const writer = resourceWriter<Document, NewDocument, never>(api, path, SHAPES.documents);
  const act = async (id: string, action: string, options: ActionOptions = {}) => {
    const response = await api.request<ActionDocument>('POST', `${at(id)}/${action}`, {
      organizationId: options.organizationId,
      headers: {
        'idempotency-key': options.idempotencyKey ?? globalThis.crypto.randomUUID(),
        ...(options.ifMatch ? { 'if-match': options.ifMatch } : {}),
      },
    });
    const etag = response.headers.get('etag');
    const document = { ...flatten<Document>(response.body.data), ...(etag ? { etag } : {}) };
    return { document, meta: response.body.meta };
  };
  return {
    ...resourceReader<Document, DocumentListOptions>(api, path),
    create: writer.create,
    delete: writer.delete,
    send: async (id, options) => {
      const { document, meta } = await act(id, 'send', options);
      return {
        document,
        shareUrl: meta?.share_url ?? null,
        shareUrlExpiresAt: meta?.share_url_expires_at ?? null,
      };
    },
    issue: async (id, options) => (await act(id, 'issue', options)).document,
    void: async (id, options) => (await act(id, 'void', options)).document,
    pdf: async (id, options = {}) =>
      (
        await api.request<Uint8Array>('GET', `${at(id)}/pdf`, {
          organizationId: options.organizationId,
          bytes: true,
          headers: { accept: 'application/pdf' },
        })
      ).body,
  };
}
