#!/usr/bin/env node
// Removes a build output folder, so files of deleted sources (and their tests) never linger.
import { rmSync } from 'node:fs';

for (const folder of process.argv.slice(2)) rmSync(folder, { recursive: true, force: true });
