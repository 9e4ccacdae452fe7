import { seedDemo } from '../../demo/seed-demo.js';
import type { Command } from '../command.js';
import { UsageError } from '../output.js';
import { withDatabase } from '../with-database.js';

export const seedCommand: Command = {
  path: ['seed'],
  usage: 'marquee seed --demo [--json]',
  summary: 'Create a demo organization with an admin user and sample data.',
  options: { demo: { type: 'boolean' } },
  async run({ config, values, output }) {
    if (values.demo !== true) throw new UsageError('seed needs --demo (the only data set there is)');
    const demo = await withDatabase(config, (db) => seedDemo(db));
    output.result({ ...demo });
  },
};
