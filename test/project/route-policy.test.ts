/**
 * The doors ask the policy, never a role (docs/decisions/0016-grants-and-policy.md), read from the
 * source: no route of the workspace or the API decides by the visitor's role; a workspace page
 * names the action its form takes (`takes`), and a post leaves the decision to its command. A file
 * that checks a role again fails here, naming itself. The settings door (src/web/settings: the
 * integrations) is read whole, not only its routes: its visitor asks the policy too, and no actor is
 * made there with a role of the door's choosing.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name.endsWith('.routes.ts') || entry.name === 'record-posts.ts' ? [full] : [];
  });
}

const files = [...routeFiles('src/web'), ...routeFiles('src/api'), ...routeFiles('src/crm')];

it('finds the routes it reads', () => {
  assert.ok(files.length > 60, `${files.length} route files`);
});

it('lets no route decide by role', () => {
  const offenders = files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
      .filter(({ line }) => /adminOnly|isAdmin\b|role\s*[!=]==\s*'admin'|\bADMINS\b/.test(line))
      .map(({ at, line }) => `${at}: ${line.trim()}`),
  );
  assert.deepEqual(offenders, []);
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

it('lets nothing of the settings door decide by role, nor give an actor a role of its choosing', () => {
  const settings = sourceFiles('src/web/settings');
  assert.ok(settings.includes('src/web/settings/visitor.ts'), settings.join(', '));
  const offenders = settings.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
      .filter(({ line }) =>
        /adminOnly|adminsOnly|isAdmin\b|adminOf\b|\.role\s*[!=]==|role\s*:\s*'(admin|member)'|\bADMINS\b/.test(
          line,
        ),
      )
      .map(({ at, line }) => `${at}: ${line.trim()}`),
  );
  assert.deepEqual(offenders, []);
});

it('names an action, not words, wherever a workspace page asks the policy', () => {
  const takes = files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/takes:\s*([^},]+)/g)].map((m) => `${file}: ${m[1]!.trim()}`),
  );
  assert.ok(takes.length >= 20, `${takes.length} pages ask the policy`);
  for (const line of takes) assert.match(line, /: [A-Za-z_.]+\.(action|[a-z_]+)$/, line);
});

/** The workspace's frame, and the pages whose only role question was whether to link to a settings page. */
const NAVIGATION = [
  'src/web/workspace/workspace-layout.ts',
  'src/web/workspace/bookings/booking-form.page.ts',
  'src/web/workspace/bookings/bookings-list.page.ts',
  'src/web/workspace/calendar/week.page.ts',
  'src/web/workspace/inbox/inbox.page.ts',
  'src/web/workspace/pipelines/pipeline-board.page.ts',
  'src/web/workspace/spaces/find-space.page.ts',
];

it('lets the workspace’s frame and its links to settings show by what the policy grants, not by role', () => {
  const offenders = NAVIGATION.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
      .filter(({ line }) => /adminOnly|isAdmin\b|\.role\s*[!=]==|\badmin\s*[?:]|\bADMINS\b/.test(line))
      .map(({ at, line }) => `${at}: ${line.trim()}`),
  );
  assert.deepEqual(offenders, []);
});

it('lets no page, door or command rule decide by role: what it offers or allows is what the grants name', () => {
  const doors = ['src/web', 'src/api', 'src/mcp', 'src/csv', 'src/crm'].flatMap(sourceFiles);
  const byRole = /isAdmin\b|\brole\s*[!=]==/;
  assert.ok(byRole.test("actor.role !== 'admin'") && byRole.test('v.isAdmin ?'));
  const offenders = doors.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
      .filter(({ line }) => byRole.test(line))
      .map(({ at, line }) => `${at}: ${line.trim()}`),
  );
  assert.deepEqual(offenders, []);
});
