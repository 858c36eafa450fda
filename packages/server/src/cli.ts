#!/usr/bin/env node
/** @module The `doppel` bin (dist/cli.mjs): see cli/run-cli.ts. */
import { runCli } from './cli/run-cli';

process.exitCode = await runCli(process.argv.slice(2));
