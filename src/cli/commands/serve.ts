import os from 'node:os';
import type { Command } from '../command.js';
import { InputError } from '../../errors.js';

const MAX_WORKERS = 256;

/** `--workers`: a whole number from 1, or `auto` (one per core); 1 when not given. */
function workerCount(raw: unknown): number {
  if (raw === undefined) return 1;
  if (raw === 'auto') return os.availableParallelism();
  const count = Number(raw);
  if (typeof raw !== 'string' || !/^[0-9]+$/.test(raw) || count < 1 || count > MAX_WORKERS) {
    throw new InputError(`--workers takes a whole number from 1 to ${MAX_WORKERS}, or auto (one per core).`);
  }
  return count;
}

export const serveCommand: Command = {
  path: ['serve'],
  usage: 'marquee serve [--migrate] [--workers N|auto] [--json]',
  summary:
    'Serve the API and the sign-in pages (the embedded database is always migrated first); ' +
    '--workers serves from N processes (auto: one per core).',
  options: { migrate: { type: 'boolean' }, workers: { type: 'string' } },
  async run({ config, values, output, json }) {
    const workers = workerCount(values.workers);
    // The server (Fastify and every route) loads only for this command: the others start quickly.
    const { serve } = await import('../../server.js');
    await serve(config, {
      migrate: values.migrate === true,
      workers,
      logToStderr: json,
      onListening: ({ url, database, location, demo }) => {
        if (json) {
          output.result({ url, database, data: location, ...(demo ? { demo } : {}) });
          return;
        }
        output.line(`Marquee is serving at ${url} (${database} database: ${location}).`);
        if (demo) {
          output.line(
            `\nCreated the demo organization "${demo.org_name}" (id ${demo.org_id}) with ${demo.bookings} bookings.\n` +
              `Sign in at ${config.authUrl} as ${demo.admin_email} with the password ${demo.admin_password}\n` +
              'This password is shown only once.\n',
          );
        }
      },
    });
  },
};
