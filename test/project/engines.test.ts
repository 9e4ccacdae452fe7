/**
 * The Node.js version the README promises is the one the project and every locked package accept:
 * `npm ci` on that version installs without an engine warning, and this run proves it works.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import semver from 'semver';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};
const minimum = semver.minVersion(manifest.engines.node)!.version;

it('promises in the README the minimum Node.js version package.json declares', () => {
  const readme = readFileSync('README.md', 'utf8');
  const [major, minor] = minimum.split('.');
  assert.match(readme, new RegExp(`Node\\.js ${major}\\.${minor} or later`));
});

it('installs every locked package on that minimum without an engine warning', () => {
  const refusing = Object.entries(lock.packages)
    .map(([name, entry]) => ({ name, range: Array.isArray(entry.engines) ? undefined : entry.engines?.node }))
    .filter(({ range }) => range !== undefined && !semver.satisfies(minimum, range))
    .map(({ name, range }) => `${name} wants node ${range}`);
  assert.deepEqual(refusing, []);
});

it('runs on a Node.js version the project accepts', () => {
  assert.ok(semver.satisfies(process.version, manifest.engines.node), process.version);
});
