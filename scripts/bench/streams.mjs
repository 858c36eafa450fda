#!/usr/bin/env node
// Benchmark of the answer stream (DESIGN §6, issue 14 §7), open loop: arrivals do not wait for
// earlier answers, so queueing shows. Against the built server (a child process on an in-memory
// PGlite, or on PostgreSQL) or any running Doppel (--target), with a bare node:http SSE server
// shaped like Doppel's stream (the same tokens, sizes and turn-per-token pacing) run
// interleaved with it, round by round, in the same run. Phases:
//   burst   N sends arriving at once from N different visitors (each its own connection),
//           N in --levels; streams/s, first token and final event p50/p99, failures counted
//           (and left out of the times: an error event is never a first token), and the CPU
//           time each server spent per stream (cpuMsPerStream: both of Doppel's threads, from
//           /proc; the steadiest figure on a shared machine)
//   rate    a steady --rate sends per second for --seconds, the same figures
//   loop    closed loop (the bench issue 2 and 8 measured against): N clients at once, N in
//           --levels, each sending --sends messages one after the other (each in a new
//           conversation of a new visitor, as in a burst: no quota runs out); first token p50
//           "at N concurrent streams" (hides queueing: reported beside burst, not instead of it)
//   probe   GET /embed.js and /api/health, idle and during a burst of 50 (p50/p99), timed by a
//           process of its own (this one reads the burst's answers meanwhile)
//   open    --open streams held open by a local LLM double whose first word comes at 0.5 s
//           (one word every 0.5 s): first token p50/p99 beside the double's own, measured
//           directly at the same concurrency, and the server's memory per open stream
// Records the load average with every phase (the machine may be shared). Prints JSON.
// Usage: node scripts/bench/streams.mjs [--db pglite|postgres|pglite,postgres]
//          [--phases burst,rate,probe,open] [--levels 50,500,2000] [--rounds 2]
//          [--rate 20] [--seconds 10] [--sends 5] [--open 1000] [--target http://host:port] [--port N]
// (needs `npm run build`; DATABASE_URL or TEST_DATABASE_URL names the PostgreSQL server;
// BENCH_CPU_PROF=DIR writes the server's CPU profiles, its thread's and the PGlite worker's, to DIR)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  burst,
  closedLoop,
  conversations,
  figures,
  load,
  mb,
  message,
  round1,
  scratchPostgres,
  sendBodies,
  sleep,
  startBaseline,
  steady,
  strip,
  warmUp,
} from './lib-streams-bench.mjs';
import {
  cpuMs,
  listeningPort,
  llmOwnFirstWord,
  spawnChild,
  startBuiltServer,
  summarise,
  timeStream,
} from './lib-streams-client.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
// BENCH_SERVER_MAIN: another build of the server (an A/B of two builds on the same machine state).
const serverMain = process.env.BENCH_SERVER_MAIN ?? join(root, 'packages/server/dist/main.mjs');
const probe = join(here, 'lib-streams-probe.mjs');
const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    phases: { type: 'string', default: 'burst,rate,probe,open' },
    levels: { type: 'string', default: '50,500,2000' },
    rounds: { type: 'string', default: '2' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    open: { type: 'string', default: '1000' },
    sends: { type: 'string', default: '5' },
    target: { type: 'string' },
    // Doppel's port; the bare server and the LLM double take the next two (0: free ports).
    port: { type: 'string', default: '0' },
  },
});
const phases = new Set(args.phases.split(','));
const LEVELS = args.levels.split(',').map(Number);
const ROUNDS = Number(args.rounds);
const PORT = Number(args.port);
const LLM_TOKEN_MS = 500;
const LLM_WORDS = 20;
const log = (m) => process.stderr.write(`[bench:streams] ${m}\n`);
if (!args.target && !existsSync(serverMain)) {
  log('building the server');
  const built = spawnSync(process.execPath, [join(root, 'packages/server/build.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

/** A Doppel to measure: the built server on `db`, or the --target. */
async function startDoppel(db, env = {}) {
  if (args.target) return { base: args.target.replace(/\/$/, ''), stop: async () => {}, memory: [] };
  let scratch = null;
  if (db === 'postgres') {
    scratch = await scratchPostgres('bench');
    env = { ...env, DATABASE_URL: scratch.url };
  }
  const server = await startBuiltServer(serverMain, {
    execArgv: [
      '--expose-gc',
      '--import',
      probe,
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env,
    ...(PORT && { port: PORT }),
  });
  return {
    ...server,
    async stop() {
      await server.stop();
      await scratch?.drop();
    },
  };
}

/**
 * `run`'s figures (a burst of `n`), with the CPU time process `pid` spent per stream on it
 * (`cpuMsPerStream`, both of the server's threads; counted until the process has been idle for
 * a moment, so that the work after the last event counts too); without it for a --target.
 */
async function withCpu(pid, n, run) {
  const before = pid ? cpuMs(pid) : null;
  const figures = strip(await run());
  if (before === null) return figures;
  let after = cpuMs(pid);
  for (let settled = after; ; settled = after) {
    await sleep(200);
    after = cpuMs(pid);
    if (after === null || after === settled) break;
  }
  return after === null ? figures : { ...figures, cpuMsPerStream: round1((after - before) / n) };
}

/** burst, rate and probe phases on one database: Doppel and the bare server round by round. */
async function latencyPhases(db) {
  log(`${db}: starting Doppel`);
  const doppel = await startDoppel(db);
  // Warm up (and take the shape of a real answer for the bare server).
  const { questions, sample } = await warmUp(doppel.base);
  const bodies = (n) => sendBodies(doppel.base, questions, n);
  const baseline = await startBaseline(sample, PORT && PORT + 1);
  await Promise.all(Array.from({ length: 20 }, () => timeStream(baseline.base, message('b', 'warm'), false)));
  const out = {
    database: args.target ? `target ${args.target}` : db,
    shape: { tokens: sample.tokens, finalEventBytes: sample.finalBytes },
  };

  if (phases.has('burst')) {
    out.burst = {};
    for (const n of LEVELS) {
      const rounds = [];
      for (let r = 0; r < (n >= 1000 ? 1 : ROUNDS); r++) {
        const list = await bodies(n);
        const loadBefore = load();
        const bare = await withCpu(baseline.child.pid, n, () =>
          burst(
            baseline.base,
            list.map(() => message('baseline', questions[0])),
          ),
        );
        await sleep(500);
        const doppelRun = await withCpu(doppel.child?.pid, n, () => burst(doppel.base, list));
        rounds.push({ load: loadBefore, doppel: doppelRun, bare });
        log(
          `${db} burst ${n} round ${r + 1}: first token p50 ${doppelRun.firstTokenMs.p50} ms (bare ${bare.firstTokenMs.p50}), CPU ${doppelRun.cpuMsPerStream ?? '-'} ms a stream (bare ${bare.cpuMsPerStream ?? '-'}), failed ${doppelRun.failed}, load ${loadBefore[0]}`,
        );
        await sleep(1000);
      }
      out.burst[n] = {
        rounds,
        firstTokenP50Ratio: rounds.map((r) =>
          round1(r.doppel.firstTokenMs.p50 / Math.max(0.01, r.bare.firstTokenMs.p50)),
        ),
      };
    }
  }

  if (phases.has('loop')) {
    out.loop = {};
    const sends = Number(args.sends);
    for (const n of LEVELS.filter((level) => level <= 500)) {
      const list = await bodies(n * sends);
      const loadBefore = load();
      const bare = await closedLoop(
        baseline.base,
        list.map(() => message('baseline', questions[0])),
        n,
      );
      const doppelRun = await closedLoop(doppel.base, list, n);
      out.loop[n] = { sends, load: loadBefore, doppel: doppelRun, bare };
      log(
        `${db} closed loop ${n}×${sends}: first token p50 ${doppelRun.firstTokenMs.p50} ms (bare ${bare.firstTokenMs.p50}), failed ${doppelRun.failed}`,
      );
    }
  }

  if (phases.has('rate')) {
    const rate = Number(args.rate);
    const n = Math.round(rate * Number(args.seconds));
    const list = await bodies(n);
    const loadBefore = load();
    const bare = await steady(
      baseline.base,
      list.map(() => message('baseline', questions[0])),
      rate,
    );
    const doppelRun = await steady(doppel.base, list, rate);
    out.rate = { perSecond: rate, seconds: Number(args.seconds), load: loadBefore, doppel: doppelRun, bare };
    log(
      `${db} rate ${rate}/s: first token p50 ${doppelRun.firstTokenMs.p50} ms (bare ${bare.firstTokenMs.p50})`,
    );
  }

  if (phases.has('probe')) out.probe = await probePhase(doppel.base, bodies);
  await baseline.stop();
  await doppel.stop();
  return out;
}

/** Static file and health latency: idle, then during a burst of 50 sends. */
async function probePhase(base, bodies) {
  const paths = ['/embed.js', '/api/health'];
  // Open loop too: one GET of each path every 20 ms, whether or not the last ones answered,
  // timed by a process of its own (lib-streams-prober.mjs): this one reads the burst's answers.
  const probeLoop = () => {
    const { child: prober } = spawnChild(join(here, 'lib-streams-prober.mjs'));
    let started;
    const probing = new Promise((resolve) => (started = resolve));
    const samples = new Promise((resolve, reject) => {
      prober.on('message', (m) => {
        if (m?.probing) started();
        if (m?.samples) resolve(m.samples);
      });
      prober.on('exit', (code) => reject(new Error(`the prober exited (${code}) before answering`)));
    });
    prober.send({ base, paths, everyMs: 20 });
    return {
      probing,
      stop: () => {
        prober.send({ stop: true });
        return samples;
      },
    };
  };
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    const list = await bodies(50);
    const loadBefore = load();
    const idleLoop = probeLoop();
    await idleLoop.probing;
    await sleep(2000);
    const idle = await idleLoop.stop();
    const during = probeLoop();
    await during.probing;
    const sent = await burst(base, list);
    const busy = await during.stop();
    const row = { load: loadBefore, burstFailed: sent.failed };
    for (const p of paths) {
      const bad = [...idle[p], ...busy[p]].filter((s) => s.status !== 200).length;
      row[p] = {
        idleMs: summarise(idle[p].map((s) => s.ms)),
        duringBurstMs: summarise(busy[p].map((s) => s.ms)),
        samples: { idle: idle[p].length, duringBurst: busy[p].length, not200: bad },
      };
      row[p].p99Ratio = round1(row[p].duringBurstMs.p99 / Math.max(0.01, row[p].idleMs.p99));
    }
    rounds.push(row);
    log(
      `probe round ${r + 1}: /embed.js p99 idle ${row['/embed.js'].idleMs.p99} ms, during burst ${row['/embed.js'].duringBurstMs.p99} ms; /api/health ${row['/api/health'].idleMs.p99} → ${row['/api/health'].duringBurstMs.p99} ms`,
    );
    await sleep(1000);
  }
  return rounds;
}

/** Asks the server for a full GC and a memory sample; resolves with the sample. */
function gcSample(server) {
  return new Promise((resolve) => {
    const onMessage = (m) => {
      if (m?.type !== 'memory' || !m.afterGc) return;
      server.child.off('message', onMessage);
      resolve({ rssMB: mb(m.rss), heapUsedMB: mb(m.heapUsed) });
    };
    server.child.on('message', onMessage);
    server.child.send({ gc: true });
  });
}

async function openStreamsPhase(db) {
  const streams = Number(args.open);
  const llm = spawnChild(join(here, 'lib-streams-llm.mjs'), {
    env: { TOKEN_MS: String(LLM_TOKEN_MS), WORDS: String(LLM_WORDS), PORT: String(PORT && PORT + 2) },
  });
  const llmBase = `http://127.0.0.1:${await listeningPort(llm.child)}`;
  const loadBefore = load();
  const llmOwn = await llmOwnFirstWord(llmBase, streams);
  const doppel = await startDoppel(db, {
    LLM_BASE_URL: `${llmBase}/v1`,
    LLM_API_KEY: 'bench',
    LLM_MODEL: 'bench',
  });
  const ids = await conversations(doppel.base, streams);
  const before = args.target ? null : await gcSample(doppel);
  let open = 0;
  let peakOpen = 0;
  let allOpen = null;
  let openAtSample = 0;
  const started = performance.now();
  const runs = await Promise.all(
    ids.map((id, i) =>
      timeStream(doppel.base, message(id, `Tell me about plane number ${i}`), false, () => {
        open++;
        peakOpen = Math.max(peakOpen, open);
        // Live memory with (nearly) every stream open: a full GC first, so garbage does not count.
        if (!allOpen && open >= streams * 0.9 && !args.target) {
          openAtSample = open;
          allOpen = gcSample(doppel);
        }
      }).finally(() => open--),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const withAll = allOpen ? await allOpen : null;
  await doppel.stop();
  await llm.stop();
  const result = {
    database: args.target ? `target ${args.target}` : db,
    load: loadBefore,
    llmDouble: { firstWordMs: LLM_TOKEN_MS, tokenMs: LLM_TOKEN_MS, words: LLM_WORDS, ownFirstWordMs: llmOwn },
    ...figures(runs, seconds * 1000),
    peakOpen,
    memory: before &&
      withAll && {
        openWhenSampled: openAtSample,
        beforeAfterGc: before,
        openAfterGc: withAll,
        perOpenStreamKB: Math.round(((withAll.rssMB - before.rssMB) * 1024) / openAtSample),
        heapPerOpenStreamKB: Math.round(((withAll.heapUsedMB - before.heapUsedMB) * 1024) / openAtSample),
      },
  };
  result.firstTokenP50Ratio = round1(result.firstTokenMs.p50 / Math.max(0.01, llmOwn.p50));
  log(
    `${db} ${streams} open streams: first token p50 ${result.firstTokenMs.p50} ms (LLM's own ${llmOwn.p50}), failed ${result.failed}`,
  );
  return result;
}

const startedAt = Date.now();
const results = {
  bench: 'streams',
  node: process.version,
  cpus: cpus().length,
  loadAtStart: load(),
  runs: [],
};
for (const db of args.target ? ['target'] : args.db.split(',')) {
  const run = {};
  if (['burst', 'loop', 'rate', 'probe'].some((p) => phases.has(p)))
    Object.assign(run, await latencyPhases(db));
  if (phases.has('open')) run.openStreams = await openStreamsPhase(db);
  results.runs.push(run);
}
results.loadAtEnd = load();
results.seconds = Math.round((Date.now() - startedAt) / 1000);
console.log(JSON.stringify(results, null, 2));
process.exit(0);
