import { openDatabase } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { Command } from '../command.js';

export const migrateCommand: Command = {
  path: ['migrate'],
  usage: 'marquee migrate [--json]',
  summary: 'Apply pending database migrations.',
  options: {},
  async run({ config, output }) {
    const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
    try {
      const { applied } = await migrateToLatest(handle);
      output.result({ database: handle.dialect, applied });
    } finally {
      await handle.close();
    }
  },
};
