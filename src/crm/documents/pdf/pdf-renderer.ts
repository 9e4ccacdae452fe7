/**
 * The rendering threads (SPEC §13): PDFs and venues' templates are made on a small pool of worker
 * threads (piscina), so neither holds the event loop that every other request needs. One thread
 * on a machine of two cores or fewer (the other serves requests), two on larger ones: rendering
 * never takes more of the machine than that, whoever asks. A thread starts on the first render
 * and ends after fifteen minutes without one: a new thread's first PDF compiles the PDF library
 * and parses the font, about a second of CPU, so a thread kept between a venue's downloads
 * renders each in a few hundred milliseconds. A render that fails (a logo the PDF library cannot
 * read) rejects; the pool carries on.
 *
 * An organization's templates are rendered one after another: a venue that asks for many
 * documents at once queues behind itself, and another venue's next render waits for one of its
 * renders at most, not for all of them.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import type { TemplatePart } from '../default-templates.js';
import type { PdfRequest } from '../document-model.js';
import type { LiquidOutcome } from '../liquid-sandbox.js';
import type { LiquidTask } from './pdf-worker.js';

export interface PdfRenderer {
  render(request: PdfRequest): Promise<Uint8Array>;
  /** An organization's templates rendered (or tried against the sample) on a thread. */
  templates<Part extends string = TemplatePart>(
    organizationId: string,
    task: LiquidTask<Part>,
  ): Promise<LiquidOutcome<Part>>;
  close(): Promise<void>;
}

const IDLE_MS = 15 * 60_000;

export function pdfRenderer(threads = Math.min(2, Math.max(1, os.availableParallelism() - 1))): PdfRenderer {
  let pool: Piscina | undefined;
  const started = () =>
    (pool ??= new Piscina({
      filename: new URL('./pdf-worker.js', import.meta.url).href,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: IDLE_MS,
    }));
  /** Each organization's last template task: the next waits for it. */
  const lanes = new Map<string, Promise<unknown>>();
  return {
    async render(request) {
      return (await started().run(request)) as Uint8Array;
    },
    async templates<Part extends string>(organizationId: string, task: LiquidTask<Part>) {
      const before = lanes.get(organizationId) ?? Promise.resolve();
      const mine = before
        .catch(() => undefined)
        .then(() => started().run(task, { name: 'liquid' }) as Promise<LiquidOutcome<Part>>);
      lanes.set(organizationId, mine);
      try {
        return await mine;
      } finally {
        if (lanes.get(organizationId) === mine) lanes.delete(organizationId);
      }
    },
    async close() {
      const running = pool;
      pool = undefined;
      await running?.destroy();
    },
  };
}
