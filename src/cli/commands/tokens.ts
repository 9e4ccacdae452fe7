import { systemClock } from '../../clock.js';
import { configuredRetention, pruneExpired } from '../../background/prune.js';
import type { Command } from '../command.js';
import { withDatabase } from '../with-database.js';

export const tokensPruneCommand: Command = {
  path: ['tokens', 'prune'],
  usage: 'marquee tokens prune [--json]',
  summary:
    'Delete expired and revoked tokens, codes and sessions past the retention window (7 days), and changes and e-mail done with past EVENT_RETENTION.',
  options: {},
  async run({ config, output }) {
    const result = await withDatabase(config, (db) =>
      pruneExpired(db, systemClock.now(), configuredRetention(config)),
    );
    output.result({ ...result });
  },
};
