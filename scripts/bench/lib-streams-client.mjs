// The bench's HTTP side: spawn a server child, post a message and time its SSE answer,
// run a batch at a given concurrency, and summarise timings.
import { fork, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';

/**
 * A keep-alive agent for one run. Destroy it after the run: a socket left idle past the
 * server's keep-alive timeout would be reset under the next run's first request.
 */
export const newAgent = () => new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/** A port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Forks `script` with an IPC channel; resolves with the child once `ready(child)` resolves. */
export function spawnChild(script, { args = [], execArgv = [], env = {} } = {}) {
  const child = fork(script, args, {
    execArgv,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const memory = [];
  child.on('message', (m) => {
    if (m?.type === 'memory') memory.push(m);
  });
  return {
    child,
    memory,
    stop: () =>
      new Promise((r) => {
        if (child.exitCode !== null) return r();
        child.once('exit', r);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Starts the built server (`serverMain`) on `port` (default: a free loopback port) with an
 * in-memory PGlite, the demo clone and quiet logs; resolves with the child (see spawnChild) and
 * its base URL.
 */
export async function startBuiltServer(serverMain, { env = {}, execArgv = [], port: wanted } = {}) {
  const port = wanted ?? (await freePort());
  const server = spawnChild(serverMain, {
    execArgv,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      EXAMPLES_PORT: '0',
      DATA_DIR: 'memory://',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Every conversation of a benchmark comes from one loopback address.
      CONVERSATIONS_PER_IP_PER_HOUR: '1000000',
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
  return { ...server, base };
}

/** The port a child reports with {type: 'listening'}. */
export function listeningPort(child) {
  return new Promise((resolve, reject) => {
    child.on('message', (m) => m?.type === 'listening' && resolve(m.port));
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before listening`)));
  });
}

/** Polls `url` until it answers 200 (or gives up after `ms`). */
export async function waitFor(url, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/**
 * The visitor id the server handed out with each conversation: a send must carry it (the
 * server refuses sends from a client that keeps no identity), as a browser's cookie would.
 */
const visitorOf = new Map();

/** JSON request → parsed answer. A new conversation's visitor id is kept for its sends. */
export async function json(base, path, body) {
  const res = await fetch(
    base + path,
    body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  const answer = await res.json();
  const visitor = res.headers.get('x-doppel-visitor');
  if (path === '/api/conversations' && visitor && typeof answer?.id === 'string')
    visitorOf.set(answer.id, visitor);
  return answer;
}

/**
 * POSTs one message and reads its SSE answer; never rejects. Resolves with `ok` (the final
 * event was a message), `status`, the times (ms from the request) to the first token event and
 * to the final event, the token events' count and texts. A stream that fails (a status other
 * than 200, an error event, a dropped connection) resolves `ok: false` with `failure`; its
 * times count nowhere (an error event is never a first token). `agent` false: a connection of
 * its own, as a visitor's browser has.
 */
export function timeStream(base, body, agent, onOpen = () => {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    let firstToken = null;
    let finalBytes = 0;
    const tokens = [];
    let tail = '';
    let settled = false;
    let status = 0;
    const done = (result) => {
      if (settled) return;
      settled = true;
      resolve({ status, tokens: tokens.length, tokenTexts: tokens, finalBytes, ...result });
    };
    const fail = (failure) => done({ ok: false, failure, firstToken: null, final: null });
    const req = request(
      `${base}/api/clone/talk/messages/stream`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          ...(visitorOf.has(body.message?.conversationId) && {
            'x-doppel-visitor': visitorOf.get(body.message.conversationId),
          }),
        },
      },
      (res) => {
        status = res.statusCode ?? 0;
        if (res.statusCode !== 200) {
          res.resume();
          return fail(`status ${res.statusCode}`);
        }
        onOpen();
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          const text = tail + chunk;
          const events = text.split('\n\n');
          tail = events.pop() ?? '';
          for (const raw of events) {
            // Each event may carry its number first (`id: N`, for resuming): the data line follows.
            const event = raw.replace(/^id: [^\n]*\n/, '');
            if (event.startsWith('data: {"type":"token"')) {
              tokens.push(JSON.parse(event.slice(6)).token);
              firstToken ??= performance.now() - started;
            } else if (event.startsWith('data: {"type":"message"')) {
              finalBytes = Buffer.byteLength(`${raw}\n\n`);
              done({
                ok: true,
                firstToken: firstToken ?? performance.now() - started,
                final: performance.now() - started,
              });
            } else if (event.startsWith('data: {"type":"error"')) fail('error event');
          }
        });
        res.on('end', () => fail('ended without a final event'));
        res.on('error', (e) => fail(e.message));
      },
    );
    req.on('error', (e) => fail(e.message));
    req.end(JSON.stringify(body));
  });
}

/** GET `path` on a connection of its own; resolves with the time to the whole body (ms) and the status. */
export function timeGet(base, path) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(`${base}${path}`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode }));
      res.on('error', () => resolve({ ms: performance.now() - started, status: 0 }));
    });
    req.on('error', () => resolve({ ms: performance.now() - started, status: 0 }));
    req.end();
  });
}

/** Runs `total` calls of `task(i)` with at most `concurrency` in flight. */
export async function pool(total, concurrency, task) {
  const results = new Array(total);
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  return results;
}

const round = (n) => Math.round(n * 100) / 100;

/** Clock ticks per second of /proc's CPU times. */
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * The CPU time process `pid` has used so far, all its threads, user and system (ms); null where
 * /proc does not say (not Linux, or the process is gone). Unlike latency, it barely moves with
 * what else the machine is doing.
 */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
  } catch {
    return null;
  }
}

/** p50/p99/mean/max of `values` (ms; nulls are left out), rounded to 0.01. */
export function summarise(values) {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  return { p50: round(at(0.5)), p99: round(at(0.99)), mean: round(mean), max: round(sorted.at(-1) ?? 0) };
}

/**
 * First content chunk of `n` requests straight to the LLM double (lib-streams-llm.mjs), all at
 * once: the double's own first word at that concurrency, beside which Doppel's is read.
 */
export async function llmOwnFirstWord(llmBase, n) {
  const one = async () => {
    const started = performance.now();
    const res = await fetch(`${llmBase}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    });
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return null;
      text += decoder.decode(value, { stream: true });
      if (text.includes('"content":"Slowly')) {
        await reader.cancel();
        return performance.now() - started;
      }
    }
  };
  return summarise(await Promise.all(Array.from({ length: n }, one)));
}
