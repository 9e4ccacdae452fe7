/**
 * The pages are arranged by feature (README, "Layout"; docs/decisions/0004): no folder of src/web
 * grows past 25 files, and every folder of the workspace is named in the README's layout.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';

const MOST_FILES = 25;

function folders(dir: string): string[] {
  const below = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => folders(path.join(dir, entry.name)));
  return [dir, ...below];
}

const filesIn = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile()).length;

it('keeps every folder of src/web to at most 25 files', () => {
  const crowded = folders('src/web')
    .map((dir) => ({ dir, files: filesIn(dir) }))
    .filter(({ files }) => files > MOST_FILES)
    .map(({ dir, files }) => `${dir} holds ${files} files`);
  assert.deepEqual(crowded, []);
});

it("names every folder of the workspace in the README's layout", () => {
  const readme = readFileSync('README.md', 'utf8');
  const layout = readme.slice(readme.indexOf('## Layout'), readme.indexOf('## Changelog'));
  const workspace = layout.slice(layout.indexOf('workspace/   '));
  const unnamed = readdirSync('src/web/workspace', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => !new RegExp(`\\b${name}\\b`).test(workspace));
  assert.deepEqual(unnamed, []);
});
