// The benchmarks that import the packages' TypeScript source run again under tsx: call
// `runUnderTsx(import.meta.url)` first; outside tsx it runs the script again there and exits with
// its status, under tsx it returns.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function runUnderTsx(scriptUrl) {
  if (process.env.DOPPEL_BENCH_TSX) return;
  const child = spawnSync(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), fileURLToPath(scriptUrl), ...process.argv.slice(2)],
    { stdio: 'inherit', env: { ...process.env, DOPPEL_BENCH_TSX: '1' } },
  );
  process.exit(child.status ?? 1);
}
