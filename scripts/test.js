#!/usr/bin/env node
// `npm test`: build and lint side by side (neither needs the other), then the whole suite
// (scripts/run-tests.js). Stops at the first step that fails, with its output.
import { spawn } from 'node:child_process';

function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ script, code, output }));
  });
}

const steps = await Promise.all([run('build'), run('lint')]);
for (const step of steps) {
  process.stdout.write(`npm run ${step.script}: ${step.code === 0 ? 'ok' : 'failed'}\n`);
  if (step.code !== 0) {
    process.stdout.write(step.output);
    process.exit(step.code ?? 1);
  }
}
const suite = spawn(process.execPath, ['scripts/run-tests.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
suite.on('close', (code) => process.exit(code ?? 1));
