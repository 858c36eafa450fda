#!/usr/bin/env node
// The cluster's figures (issue 14, "Figures"), open loop, in one run with their baselines. Four
// targets, interleaved round by round (one burst each, one after the other, then the next round):
//   bare     the bare node:http SSE server shaped like a real answer (lib-streams-baseline.mjs)
//   pglite   1 server process on an in-memory PGlite
//   postgres 1 server process on PostgreSQL
//   cluster  `npm run cluster` (scripts/cluster.mjs): --processes server processes on PostgreSQL
//            behind HAProxy (per-process maxconn, the rest queued in HAProxy)
// burst: N sends arriving at once, each from a new visitor (conversations made beforehand, not
//        timed), N in --levels, --rounds rounds each: streams/s, first token and final event
//        p50/p99; failed streams counted (by reason) and left out of the times.
// open:  --open streams held open on the cluster by a local LLM double (first word at 0.5 s, one
//        word every 0.5 s): each process's RSS (/proc, no forced GC) before and with the streams
//        open, and memory per open stream; the first token beside the double's own.
// The load average is printed beside every burst. PostgreSQL: DATABASE_URL, TEST_DATABASE_URL or
// postgres://postgres@127.0.0.1:5432/test (throw-away databases are made on that server).
// Ports: --port (HAProxy), +2… the cluster's processes, +20 postgres, +21 pglite, +22 bare,
// +23 the LLM double. Needs `npm run build`. Prints one JSON object.
// Usage: node scripts/bench/cluster.mjs [--levels 50,500,2000] [--rounds 2] [--processes 3]
//          [--phases burst,open] [--open 600] [--port 3600]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  burst,
  figures,
  load,
  message,
  round1,
  scratchPostgres,
  sendBodies,
  sleep,
  startBaseline,
  strip,
  warmUp,
} from './lib-streams-bench.mjs';
import {
  listeningPort,
  llmOwnFirstWord,
  spawnChild,
  startBuiltServer,
  timeStream,
  waitFor,
} from './lib-streams-client.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const serverMain = join(root, 'packages/server/dist/main.mjs');
const { values: args } = parseArgs({
  options: {
    levels: { type: 'string', default: '50,500,2000' },
    rounds: { type: 'string', default: '2' },
    processes: { type: 'string', default: '3' },
    phases: { type: 'string', default: 'burst,open' },
    open: { type: 'string', default: '600' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3600' },
    targets: { type: 'string', default: 'bare,pglite,postgres,cluster' },
  },
});
const LEVELS = args.levels.split(',').map(Number);
const ROUNDS = Number(args.rounds);
const PROCESSES = Number(args.processes);
const PORT = Number(args.port);
const phases = new Set(args.phases.split(','));
// The cluster's own default (scripts/cluster.mjs) unless CLUSTER_MAXCONN says otherwise.
const MAXCONN = process.env.CLUSTER_MAXCONN ? Number(process.env.CLUSTER_MAXCONN) : 10;
const QUEUE_TIMEOUT_S = Number(process.env.CLUSTER_QUEUE_TIMEOUT_S ?? 120);
const LLM_TOKEN_MS = 500;
const LLM_WORDS = 20;
const log = (m) => process.stderr.write(`[bench:cluster] ${m}\n`);
const work = mkdtempSync(join(tmpdir(), 'doppel-bench-cluster-'));

if (!existsSync(serverMain)) {
  log('the server is not built: run `npm run build` first');
  process.exit(1);
}

/** `npm run cluster --no-setup` on `databaseUrl`; its output goes to a log file in `work`. */
async function startCluster(databaseUrl, extraEnv = {}, tag = 'cluster') {
  const dataDir = join(work, tag);
  const logFile = join(work, `${tag}.log`);
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, [join(root, 'scripts/cluster.mjs'), '--no-setup'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      PORT: String(PORT),
      EXAMPLES_PORT: '0',
      CLUSTER_BACKEND_PORT: String(PORT + 2),
      CLUSTER_PROCESSES: String(PROCESSES),
      CLUSTER_MAXCONN: String(MAXCONN),
      CLUSTER_QUEUE_TIMEOUT_S: String(QUEUE_TIMEOUT_S),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every visitor of the bench comes from 127.0.0.1.
      CONVERSATIONS_PER_IP_PER_HOUR: '1000000',
      ...extraEnv,
    },
  });
  const base = `http://127.0.0.1:${PORT}`;
  const stop = async () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
    await sleep(2_000);
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
  };
  try {
    await waitFor(`${base}/api/health`, 180_000);
  } catch (error) {
    await stop();
    throw new Error(`the cluster did not start: ${readFileSync(logFile, 'utf8').slice(-2_000)}`, {
      cause: error,
    });
  }
  const pids = () =>
    JSON.parse(readFileSync(join(dataDir, 'cluster/cluster.json'), 'utf8')).processes.map((p) => p.pid);
  return { base, logFile, pids, stop };
}

/** A built server process on `port`; on PostgreSQL when `databaseUrl` is given. */
const startSingle = (port, databaseUrl) =>
  startBuiltServer(serverMain, { port, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });

/** The resident set of process `pid` (MB), from /proc (no forced GC: garbage counts too). */
function rssMB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return round1(Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024);
}

const TARGETS = ['bare', 'pglite', 'postgres', 'cluster'].filter((t) => args.targets.split(',').includes(t));

async function burstPhase(out) {
  const scratchCluster = await scratchPostgres('bench_cluster');
  const scratchSingle = await scratchPostgres('bench_single');
  const running = [];
  try {
    log(
      `starting the cluster (${PROCESSES} processes, maxconn ${MAXCONN} each), 1 process on PostgreSQL, 1 on PGlite`,
    );
    /** Starts a target and keeps it for stopping at the end. */
    const start = async (promise) => {
      const target = await promise;
      running.push(target);
      return target;
    };
    const doppels = {};
    if (TARGETS.includes('cluster')) doppels.cluster = await start(startCluster(scratchCluster.url));
    if (TARGETS.includes('postgres'))
      doppels.postgres = await start(startSingle(PORT + 20, scratchSingle.url));
    // PGlite always runs: the bare server streams the median answer of its warm-up.
    doppels.pglite = await start(startSingle(PORT + 21));
    const warm = {};
    for (const [name, target] of Object.entries(doppels)) warm[name] = await warmUp(target.base);
    const { questions, sample } = warm.pglite;
    const bare = await startBaseline(sample, PORT + 22);
    running.push(bare);
    await Promise.all(Array.from({ length: 20 }, () => timeStream(bare.base, message('b', 'warm'), false)));
    out.shape = { tokens: sample.tokens, finalEventBytes: sample.finalBytes };
    out.burst = {};
    for (const n of LEVELS) {
      const rounds = [];
      for (let r = 0; r < ROUNDS; r++) {
        // Every target's conversations first (not timed), then one burst each, one after the other.
        const bodies = {};
        for (const name of TARGETS)
          if (name !== 'bare') bodies[name] = await sendBodies(doppels[name].base, questions, n);
        const round = {};
        for (const name of TARGETS) {
          await sleep(1_500);
          const loadBefore = load();
          const result =
            name === 'bare'
              ? await burst(
                  bare.base,
                  Array.from({ length: n }, () => message('baseline', questions[0])),
                )
              : await burst(doppels[name].base, bodies[name]);
          round[name] = { load: loadBefore, ...strip(result) };
          log(
            `burst ${n} round ${r + 1} ${name}: first token p50 ${result.firstTokenMs.p50} ms p99 ${result.firstTokenMs.p99} ms, ${result.streamsPerSecond} streams/s, failed ${result.failed}, load ${loadBefore[0]}`,
          );
        }
        rounds.push(round);
      }
      out.burst[n] = { summary: summary(rounds), rounds };
    }
    if (doppels.cluster) out.clusterLog = doppels.cluster.logFile;
  } finally {
    for (const r of running.reverse()) await r.stop();
    await scratchCluster.drop();
    await scratchSingle.drop();
  }
}

/** One line per target: each round's figure side by side, and the first token p50 over the bare server's. */
function summary(rounds) {
  const rows = {};
  for (const name of TARGETS) {
    const of = (pick) => rounds.map((round) => pick(round[name]));
    rows[name] = {
      failed: of((f) => f.failed),
      streamsPerSecond: of((f) => f.streamsPerSecond),
      firstTokenP50Ms: of((f) => f.firstTokenMs.p50),
      firstTokenP99Ms: of((f) => f.firstTokenMs.p99),
      ...(name !== 'bare' &&
        TARGETS.includes('bare') && {
          firstTokenP50VsBare: rounds.map((round) =>
            round1(round[name].firstTokenMs.p50 / Math.max(0.01, round.bare.firstTokenMs.p50)),
          ),
        }),
      load1m: of((f) => f.load[0]),
    };
  }
  return rows;
}

async function openPhase(out) {
  const streams = Number(args.open);
  // Every stream admitted at once: this phase measures memory, not the queue.
  const maxconn = Math.ceil(streams / PROCESSES) + 16;
  const scratch = await scratchPostgres('bench_open');
  const llm = spawnChild(join(here, 'lib-streams-llm.mjs'), {
    env: { TOKEN_MS: String(LLM_TOKEN_MS), WORDS: String(LLM_WORDS), PORT: String(PORT + 23) },
  });
  const llmBase = `http://127.0.0.1:${await listeningPort(llm.child)}`;
  let cluster = null;
  try {
    const loadBefore = load();
    const llmOwn = await llmOwnFirstWord(llmBase, streams);
    cluster = await startCluster(
      scratch.url,
      {
        CLUSTER_MAXCONN: String(maxconn),
        LLM_BASE_URL: `${llmBase}/v1`,
        LLM_API_KEY: 'bench',
        LLM_MODEL: 'bench',
      },
      'open',
    );
    const ids = await sendBodies(cluster.base, ['Tell me about planes'], streams);
    // A few answers first, so each process has loaded what a stream needs.
    await Promise.all(
      (await sendBodies(cluster.base, ['Warm up'], 3 * PROCESSES)).map((b) =>
        timeStream(cluster.base, b, false),
      ),
    );
    await sleep(2_000);
    const pids = cluster.pids();
    const before = pids.map(rssMB);
    let open = 0;
    let peakOpen = 0;
    let sampled = null;
    const started = performance.now();
    const runs = await Promise.all(
      ids.map((body) =>
        timeStream(cluster.base, body, false, () => {
          open++;
          peakOpen = Math.max(peakOpen, open);
          if (!sampled && open >= streams * 0.9) sampled = { open, rss: pids.map(rssMB) };
        }).finally(() => open--),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const total = (list) => round1(list.reduce((a, b) => a + b, 0));
    const result = {
      streams,
      maxconnPerProcess: maxconn,
      load: loadBefore,
      llmDouble: {
        firstWordMs: LLM_TOKEN_MS,
        tokenMs: LLM_TOKEN_MS,
        words: LLM_WORDS,
        ownFirstWordMs: llmOwn,
      },
      ...figures(runs, seconds * 1000),
      peakOpen,
      memory: sampled && {
        openWhenSampled: sampled.open,
        rssBeforeMB: before,
        rssOpenMB: sampled.rss,
        perOpenStreamKB: Math.round(((total(sampled.rss) - total(before)) * 1024) / sampled.open),
      },
      loadAfter: load(),
    };
    result.firstTokenP50VsLlm = round1(result.firstTokenMs.p50 / Math.max(0.01, llmOwn.p50));
    log(
      `${streams} open streams on the cluster: first token p50 ${result.firstTokenMs.p50} ms (LLM's own ${llmOwn.p50}), failed ${result.failed}, ${result.memory?.perOpenStreamKB} KB per open stream`,
    );
    out.openStreams = result;
  } finally {
    await cluster?.stop();
    await llm.stop();
    await scratch.drop();
  }
}

const startedAt = Date.now();
const out = {
  bench: 'cluster',
  node: process.version,
  cpus: cpus().length,
  processes: PROCESSES,
  haproxy: { maxconnPerProcess: MAXCONN, queueTimeoutS: QUEUE_TIMEOUT_S },
  loadAtStart: load(),
};
try {
  if (phases.has('burst')) await burstPhase(out);
  if (phases.has('open')) await openPhase(out);
} finally {
  out.loadAtEnd = load();
  out.seconds = Math.round((Date.now() - startedAt) / 1000);
  // Arrays of numbers on one line: a round's figures side by side.
  console.log(
    JSON.stringify(out, null, 2).replace(
      /\[\s+([-\d.,\s]+?)\s+\]/g,
      (_, list) => `[${list.split(/,\s+/).join(', ')}]`,
    ),
  );
  if (!out.clusterLog) rmSync(work, { recursive: true, force: true });
}
