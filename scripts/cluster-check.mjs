#!/usr/bin/env node
// The cluster check (issue 14 §2–4): boots `npm run cluster` (scripts/cluster.mjs) on a PostgreSQL
// server of its own (initdb in a temporary folder, on CLUSTER_CHECK_PG_PORT, so the database can
// be restarted without disturbing anyone), then through HAProxy:
//   limits   — quota, feedback rate limit, e-mail code sends, one code used once, one bot-check
//              solution redeemed once: N concurrent requests spread over every process;
//   kill     — CLUSTER_STREAMS (200) concurrent streams, one process SIGKILLed while they run:
//              every client resumes (Last-Event-ID) until its answer ends; counts lost,
//              duplicated and double-charged messages (must be 0, 0, 0); the killed process is
//              started again and HAProxy sends it requests again;
//   database — the database restarted under load: the processes (same pids) answer again.
// Prints one JSON object; exits 1 when a check fails. The cluster's speed is measured by
// scripts/bench/cluster.mjs, beside its baselines.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './pnpm.mjs';

const PORT = Number(process.env.CLUSTER_CHECK_PORT ?? 3740);
const PG_PORT = Number(process.env.CLUSTER_CHECK_PG_PORT ?? PORT + 9);
const PROCESSES = Number(process.env.CLUSTER_PROCESSES ?? 3);
const STREAMS = Number(process.env.CLUSTER_STREAMS ?? 200);
const PG_BIN = process.env.PG_BIN ?? findPgBin();
const base = `http://127.0.0.1:${PORT}`;
const work = mkdtempSync(join(tmpdir(), 'doppel-cluster-'));
const pgData = join(work, 'pg');
const dataDir = join(work, 'data');
const databaseUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/doppel`;
const requireDb = createRequire(join(root, 'packages/db/package.json'));
const pg = requireDb('pg');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (line) => console.error(`[cluster-check] ${line}`);
const failures = [];
const result = { processes: PROCESSES };

function findPgBin() {
  const dir = '/usr/lib/postgresql';
  if (!existsSync(dir)) return null;
  const versions = spawnSync('ls', [dir]).stdout.toString().trim().split('\n').filter(Boolean).sort();
  return versions.length ? join(dir, versions.at(-1), 'bin') : null;
}

/** Runs a PostgreSQL tool as the postgres user when we are root (PostgreSQL refuses root). */
function pgTool(tool, args) {
  const asRoot = process.getuid?.() === 0;
  const command = asRoot ? 'runuser' : join(PG_BIN, tool);
  const full = asRoot ? ['-u', 'postgres', '--', join(PG_BIN, tool), ...args] : args;
  const run = spawnSync(command, full, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${tool} failed: ${run.stderr || run.stdout}`);
}

function check(name, ok, detail) {
  log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
  if (!ok) failures.push(name);
}

// ---- the database and the cluster -------------------------------------------------------------
function startPostgres() {
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'postgres', work]);
  pgTool('initdb', ['-D', pgData, '-A', 'trust', '-U', 'postgres']);
  pgCtl('start');
}
function pgCtl(action) {
  pgTool('pg_ctl', [
    '-D',
    pgData,
    '-w',
    '-m',
    'fast',
    '-l',
    join(work, 'pg.log'),
    '-o',
    `-p ${PG_PORT} -k ${work} -c listen_addresses=127.0.0.1 -c max_connections=400`,
    action,
  ]);
}

let cluster = null;
async function startCluster() {
  cluster = spawn(process.execPath, [join(root, 'scripts/cluster.mjs'), '--no-setup'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(PORT),
      EXAMPLES_PORT: String(PORT + 1),
      CLUSTER_BACKEND_PORT: String(PORT + 2),
      CLUSTER_PROCESSES: String(PROCESSES),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.CLUSTER_CHECK_LOG_LEVEL ?? 'error',
      // The kill must cut many streams at once: each process takes up to 100 requests at once
      // (the default, 10, leaves the rest queued in HAProxy, where a crash never reaches them).
      CLUSTER_MAXCONN: process.env.CLUSTER_MAXCONN ?? '100',
      // Every client of this check comes from 127.0.0.1: let it open its conversations.
      CONVERSATIONS_PER_IP_PER_HOUR: '1000000',
      // The site's bot check on (its limits are checked); this check's sends are embeds', exempt.
      BOT_CHECK: 'on',
    },
  });
  cluster.stderr.on('data', (c) => process.env.CLUSTER_CHECK_VERBOSE && process.stderr.write(c));
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await sleep(250);
  }
  throw new Error('the cluster did not start');
}
const clusterState = () => JSON.parse(readFileSync(join(dataDir, 'cluster/cluster.json'), 'utf8'));

// ---- one visitor and their stream ----------------------------------------------------------
async function newVisitor(attempt = 0) {
  try {
    return await makeVisitor();
  } catch (error) {
    // A connection HAProxy closed after a burst: try again on a new one.
    if (attempt >= 5) throw error;
    await sleep(200 * (attempt + 1));
    return newVisitor(attempt + 1);
  }
}
async function makeVisitor() {
  const me = await fetch(`${base}/api/me`);
  const visitor = { 'X-Doppel-Visitor': me.headers.get('x-doppel-visitor') };
  const res = await fetch(`${base}/api/conversations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...visitor },
    body: JSON.stringify({ slug: 'demo', medium: 'WEB' }),
  });
  if (!res.ok) throw new Error(`new conversation: ${res.status} ${await res.text()}`);
  return { visitor, conversationId: (await res.json()).id };
}

/** `n` new visitors with a conversation each, made 50 at a time (setting up, not measured). */
async function newVisitors(n) {
  const visitors = [];
  for (let i = 0; i < n; i += 50)
    visitors.push(...(await Promise.all(Array.from({ length: Math.min(50, n - i) }, () => newVisitor()))));
  return visitors;
}

/**
 * Sends one message and reads its answer to the end as the app does: a dropped connection resumes
 * from the last event id; a send that got no answer is sent again with the same stream id.
 */
async function talk({ visitor, conversationId }, text, hooks = {}) {
  const streamId = randomUUID();
  const out = { streamId, tokens: '', final: null, error: null, status: 0, resumes: 0, repeats: 0, gaps: 0 };
  let last = 0;
  let accepted = false;
  const started = performance.now();
  for (let attempt = 0; attempt < 40 && !out.final && !out.error; attempt++) {
    if (attempt > 0) await sleep(Math.min(2_000, 100 * attempt));
    try {
      const res = accepted
        ? await fetch(`${base}/api/clone/talk/messages/stream/${streamId}`, {
            headers: { ...visitor, 'Last-Event-ID': String(last) },
          })
        : await fetch(`${base}/api/clone/talk/messages/stream`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...visitor },
            body: JSON.stringify({ message: { type: 'TEXT', text, slug: 'demo', conversationId }, streamId }),
          });
      out.status = res.status;
      if (res.status >= 500) continue;
      if (!res.ok) {
        out.error = `${res.status}`;
        await res.text();
        break;
      }
      if (accepted) out.resumes += 1;
      accepted = true;
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
          const id = /^id: (\d+)$/m.exec(block);
          const data = /^data: (.*)$/m.exec(block);
          if (!data) continue;
          const seq = Number(id?.[1] ?? 0);
          if (seq <= last) out.repeats += 1;
          else if (seq !== last + 1) out.gaps += 1;
          last = Math.max(last, seq);
          const event = JSON.parse(data[1]);
          if (event.type === 'token') {
            if (out.firstTokenMs === undefined) {
              out.firstTokenMs = performance.now() - started;
              hooks.onFirstToken?.();
            }
            out.tokens += event.token;
          } else if (event.type === 'message') out.final = event.message;
          else out.error = event.error;
        }
      }
    } catch {
      // The connection dropped (a process killed): resume.
    }
  }
  out.totalMs = performance.now() - started;
  return out;
}

const QUESTIONS = ['How do I start?', 'What do you teach?', 'Tell me about your routine', 'Who are you?'];

// ---- §3 limits across processes ------------------------------------------------------------
async function checkLimits(db) {
  const backends = new Set();
  const seen = (res) => backends.add(res.headers.get('x-doppel-backend'));

  // Quota: the demo clone lets an anonymous visitor send 10 messages.
  const one = await newVisitor();
  const sends = await Promise.all(
    Array.from({ length: 30 }, async () => {
      const res = await fetch(`${base}/api/clone/talk/messages/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...one.visitor },
        body: JSON.stringify({
          message: { type: 'TEXT', text: 'Hi', slug: 'demo', conversationId: one.conversationId },
        }),
      });
      seen(res);
      await res.text();
      return res.status;
    }),
  );
  const [{ n: userMessages }] = (
    await db.query(`SELECT count(*)::int AS n FROM messages WHERE conversation_id = $1 AND sender = 'USER'`, [
      one.conversationId,
    ])
  ).rows;
  check(
    'quota: 30 concurrent sends, quota 10',
    sends.filter((s) => s === 200).length === 10 &&
      sends.filter((s) => s === 402).length === 20 &&
      userMessages === 10,
    `${sends.filter((s) => s === 200).length} accepted, ${userMessages} stored`,
  );

  // Feedback: 10 an hour from one address.
  const feedback = await Promise.all(
    Array.from({ length: 30 }, async () => {
      const res = await fetch(`${base}/api/feedback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...one.visitor, origin: base },
        body: JSON.stringify({ subject: 'Hi', content: 'Nice', metadata: { pathname: '/' } }),
      });
      seen(res);
      return res.status;
    }),
  );
  check(
    'feedback: 30 concurrent, limit 10',
    feedback.filter((s) => s === 201).length === 10,
    feedback.join(','),
  );

  // E-mail codes: 5 sends an hour for one address; then the code works once.
  const email = `cluster-${Date.now()}@example.com`;
  const codeSends = await Promise.all(
    Array.from({ length: 20 }, async () => {
      const res = await fetch(`${base}/api/auth/email/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...one.visitor, origin: base },
        body: JSON.stringify({ email }),
      });
      seen(res);
      return res.status;
    }),
  );
  check(
    'code sends: 20 concurrent, limit 5',
    codeSends.filter((s) => s === 200).length === 5,
    codeSends.join(','),
  );
  const [mail] = (await db.query(`SELECT body FROM outbox WHERE "to" = $1 ORDER BY id DESC LIMIT 1`, [email]))
    .rows;
  const code = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1];
  const verifies = await Promise.all(
    Array.from({ length: 10 }, async () => {
      const res = await fetch(`${base}/api/auth/email/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...one.visitor, origin: base },
        body: JSON.stringify({ email, code }),
      });
      seen(res);
      return res.status;
    }),
  );
  check(
    'one-time code: used 10 times at once, accepted once',
    verifies.filter((s) => s === 200).length === 1,
    verifies.join(','),
  );

  // Bot check: one solved challenge buys one token.
  const altchaPath = createRequire(join(root, 'packages/server/package.json')).resolve('altcha-lib');
  const { solveChallenge } = await import(pathToFileURL(altchaPath).href);
  const { challenge } = await (await fetch(`${base}/api/bot-check`, { headers: one.visitor })).json();
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  const payload = Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString('base64');
  const redeems = await Promise.all(
    Array.from({ length: 10 }, async () => {
      const res = await fetch(`${base}/api/bot-check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...one.visitor, origin: base },
        body: JSON.stringify({ payload }),
      });
      seen(res);
      return res.status;
    }),
  );
  check(
    'bot check: one solution redeemed 10 times at once, once',
    redeems.filter((s) => s === 200).length === 1,
    redeems.join(','),
  );
  check(`limits were spread over every process`, backends.size === PROCESSES, [...backends].join(','));
  result.limits = {
    quota: sends.filter((s) => s === 200).length,
    feedback: feedback.filter((s) => s === 201).length,
    codeSends: codeSends.filter((s) => s === 200).length,
    codeUses: verifies.filter((s) => s === 200).length,
    botTokens: redeems.filter((s) => s === 200).length,
    processesReached: backends.size,
  };
}

// ---- the outcome of many streams, from the clients and from the database --------------------
async function audit(db, visitors, outcomes) {
  const ids = visitors.map((v) => v.conversationId);
  const rows = (
    await db.query(
      `SELECT conversation_id, sender, text FROM messages WHERE conversation_id = ANY($1::uuid[]) ORDER BY created_at`,
      [ids],
    )
  ).rows;
  const byConversation = new Map(ids.map((id) => [id, []]));
  for (const row of rows) byConversation.get(row.conversation_id).push(row);
  const charges = (
    await db.query(
      `SELECT COALESCE(sum(u.messages), 0)::int AS n FROM usage_counters u
        WHERE u.subject IN (SELECT 'v:' || c.visitor_id FROM conversations c WHERE c.id = ANY($1::uuid[]))`,
      [ids],
    )
  ).rows[0].n;
  let lost = 0;
  let duplicated = 0;
  let interrupted = 0;
  let failed = 0;
  visitors.forEach((v, i) => {
    const out = outcomes[i];
    const stored = byConversation.get(v.conversationId);
    const users = stored.filter((r) => r.sender === 'USER').length;
    const clones = stored.filter((r) => r.sender === 'CLONE');
    if (out.status === 0 && !out.final && !out.error) return; // never acknowledged
    if (users !== 1) users === 0 ? lost++ : duplicated++;
    if (clones.length > 1 || out.repeats > 0) duplicated += 1;
    if (out.error) failed += 1;
    else if (
      !out.final ||
      clones.length !== 1 ||
      out.gaps > 0 ||
      clones[0].text !== out.tokens ||
      out.final.text !== out.tokens
    )
      lost += 1;
    if (out.final?.interrupted) interrupted += 1;
  });
  return {
    streams: visitors.length,
    lost,
    duplicated,
    charged: charges,
    interrupted,
    failedAnswers: failed,
    resumed: outcomes.filter((o) => o.resumes > 0).length,
  };
}

// ---- §4 faults ---------------------------------------------------------------------------------
async function checkKill(db) {
  const visitors = await newVisitors(STREAMS);
  const victim = clusterState().processes[1];
  let started = 0;
  let killed = false;
  const kill = () => {
    started += 1;
    if (!killed && started >= STREAMS / 4) {
      killed = true;
      log(`SIGKILL process p2 (pid ${victim.pid}) with ${STREAMS} streams running`);
      process.kill(victim.pid, 'SIGKILL');
    }
  };
  const outcomes = await Promise.all(
    visitors.map((v, i) => talk(v, QUESTIONS[i % QUESTIONS.length], { onFirstToken: kill })),
  );
  const counts = await audit(db, visitors, outcomes);
  // Charges are per visitor: one message each, whatever the resumes.
  const doubleCharged = Math.max(0, counts.charged - STREAMS);
  result.kill = { ...counts, doubleCharged, killed };
  check(
    `kill: ${STREAMS} streams, one process SIGKILLed — lost / duplicated / double-charged`,
    killed && counts.lost === 0 && counts.duplicated === 0 && doubleCharged === 0,
    `${counts.lost} / ${counts.duplicated} / ${doubleCharged} (${counts.resumed} resumed; ${counts.interrupted} answers cut short and ${counts.failedAnswers} failed by the crash)`,
  );

  // Restarted by `npm run cluster`, it rejoins: HAProxy sends it requests again.
  let rejoined = false;
  for (let i = 0; i < 60 && !rejoined; i++) {
    const state = clusterState().processes[1];
    if (state.pid && state.pid !== victim.pid) {
      const names = new Set();
      for (let j = 0; j < 3 * PROCESSES; j++)
        names.add((await fetch(`${base}/api/health`)).headers.get('x-doppel-backend'));
      rejoined = names.has('p2');
    }
    if (!rejoined) await sleep(500);
  }
  check('kill: the killed process was started again and HAProxy routes to it', rejoined);
  result.kill.rejoined = rejoined;
}

async function checkDatabaseRestart(db) {
  const pidsBefore = clusterState().processes.map((p) => p.pid);
  const visitors = await newVisitors(50);
  const running = visitors.map((v, i) => talk(v, QUESTIONS[i % QUESTIONS.length]));
  await sleep(100);
  log('restarting PostgreSQL under load');
  const restartedAt = performance.now();
  pgCtl('restart');
  const restartMs = performance.now() - restartedAt;
  const outcomes = await Promise.all(running);
  await db.end().catch(() => {});
  const fresh = new pg.Pool({ connectionString: databaseUrl });
  fresh.on('error', () => {});
  const counts = await audit(fresh, visitors, outcomes);
  let answering = 0;
  for (const p of clusterState().processes) {
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`http://127.0.0.1:${p.port}/api/health`).catch(() => null);
      if (res?.ok) {
        answering += 1;
        break;
      }
      await sleep(250);
    }
  }
  const pidsAfter = clusterState().processes.map((p) => p.pid);
  const samePids = pidsBefore.every((pid, i) => pid === pidsAfter[i]);
  const after = await talk(await newVisitor(), 'Who are you?');
  result.databaseRestart = {
    ...counts,
    doubleCharged: Math.max(0, counts.charged - visitors.length),
    restartMs: Math.round(restartMs),
    answering,
    samePids,
    answersAfter: Boolean(after.final),
  };
  check(
    'database restart: every process answers again, without a restart of its own',
    answering === PROCESSES && samePids && Boolean(after.final),
    `${answering}/${PROCESSES} healthy, same pids ${samePids}`,
  );
  check(
    'database restart: lost / duplicated / double-charged',
    counts.lost === 0 && counts.duplicated === 0 && counts.charged <= visitors.length,
    `${counts.lost} / ${counts.duplicated} / ${Math.max(0, counts.charged - visitors.length)} (${counts.failedAnswers} answered with the error event)`,
  );
  return fresh;
}

// ---- main ---------------------------------------------------------------------------------------
let db = null;
try {
  if (!PG_BIN) throw new Error('PostgreSQL server binaries not found (set PG_BIN)');
  startPostgres();
  await startCluster();
  db = new pg.Pool({ connectionString: databaseUrl });
  db.on('error', () => {}); // the database restart closes its idle connections
  await checkLimits(db);
  await checkKill(db);
  db = await checkDatabaseRestart(db);
} catch (error) {
  failures.push(String(error?.stack ?? error));
  log(String(error?.stack ?? error));
} finally {
  await db?.end().catch(() => {});
  if (cluster) {
    try {
      process.kill(-cluster.pid, 'SIGTERM');
    } catch {}
    await sleep(1_500);
    try {
      process.kill(-cluster.pid, 'SIGKILL');
    } catch {}
  }
  try {
    pgCtl('stop');
  } catch {}
  rmSync(work, { recursive: true, force: true });
}
result.failures = failures;
console.log(JSON.stringify(result, null, 2));
process.exit(failures.length === 0 ? 0 : 1);
