/**
 * Loaded into a process with `node --import` (import-memory.test.ts): as it exits, it writes the
 * most memory the process held (its peak resident set size, in kB) as a last line on standard error.
 */
process.on('exit', () => {
  process.stderr.write(`\nmax-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
