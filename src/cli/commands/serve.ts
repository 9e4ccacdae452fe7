import type { Command } from '../command.js';

export const serveCommand: Command = {
  path: ['serve'],
  usage: 'marquee serve [--migrate] [--json]',
  summary: 'Serve the API and the sign-in pages (the embedded database is always migrated first).',
  options: { migrate: { type: 'boolean' } },
  async run({ config, values, output, json }) {
    // The server (Fastify and every route) loads only for this command: the others start quickly.
    const { serve } = await import('../../server.js');
    await serve(config, {
      migrate: values.migrate === true,
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
