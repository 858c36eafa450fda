// A process of its own that times GETs (issue 14 §6 probes): the bench's own process reads
// the burst's 50 answers at the same moment, and a probe timed there waits for that work
// too. The bench sends {base, paths, everyMs}; this process GETs each path on a connection of
// its own every `everyMs` until it is sent {stop: true}, then answers with the samples.
import { timeGet } from './lib-streams-client.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let stopped = false;

process.on('message', async (message) => {
  if (message?.stop) {
    stopped = true;
    return;
  }
  const { base, paths, everyMs } = message;
  const pending = Object.fromEntries(paths.map((p) => [p, []]));
  let first = true;
  while (!stopped) {
    for (const p of paths) pending[p].push(timeGet(base, p));
    if (first) process.send({ probing: true });
    first = false;
    await sleep(everyMs);
  }
  const samples = Object.fromEntries(
    await Promise.all(paths.map(async (p) => [p, await Promise.all(pending[p])])),
  );
  process.send({ samples }, () => process.exit(0));
});
