/**
 * Where PDFs are made (SPEC §13): on a small pool of worker threads (piscina), so rendering a
 * long proposal never holds the event loop that every other request needs. One thread on a
 * machine of two cores or fewer (the other serves requests), two on larger ones; a thread
 * starts on the first render and ends after fifteen minutes without one: a new thread's first
 * render compiles the PDF library and parses the font, about a second of CPU, so a thread kept
 * between a venue's downloads renders each in a few hundred milliseconds. A render that fails
 * (a logo the PDF library cannot read) rejects; the pool carries on.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import type { PdfRequest } from '../document-model.js';

export interface PdfRenderer {
  render(request: PdfRequest): Promise<Uint8Array>;
  close(): Promise<void>;
}

const IDLE_MS = 15 * 60_000;

export function pdfRenderer(threads = Math.min(2, Math.max(1, os.availableParallelism() - 1))): PdfRenderer {
  let pool: Piscina | undefined;
  return {
    async render(request) {
      pool ??= new Piscina({
        filename: new URL('./pdf-worker.js', import.meta.url).href,
        minThreads: 0,
        maxThreads: threads,
        idleTimeout: IDLE_MS,
      });
      return (await pool.run(request)) as Uint8Array;
    },
    async close() {
      const running = pool;
      pool = undefined;
      await running?.destroy();
    },
  };
}
