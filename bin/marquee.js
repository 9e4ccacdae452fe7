#!/usr/bin/env -S node --max-semi-space-size=32 --no-allocation-site-pretenuring
import { main } from '../dist/src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
