#!/usr/bin/env node
// The cluster's figures (issue 14): `scripts/cluster-check.mjs --bench` boots 3 server processes
// behind HAProxy on a PostgreSQL server of its own, checks limits and faults, and measures bursts
// of CLUSTER_BURSTS (default 50,500) streams arriving at once, each from a new visitor: streams
// per second and first-token p50/p99. Needs `npm run build` first. Prints the check's JSON.
// No bare SSE baseline is measured in this run yet (see docs/performance.md).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from '../pnpm.mjs';

const run = spawnSync(process.execPath, [join(root, 'scripts/cluster-check.mjs'), '--bench'], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
