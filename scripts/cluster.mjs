#!/usr/bin/env node
// `npm run cluster` (issue 14 §1): several server processes on one PostgreSQL behind HAProxy,
// no sticky sessions, health checks (docs/deployment.md, "A cluster on one machine"). Installs
// HAProxy from Debian when it is missing, creates the database when it does not exist, starts the
// first process (it migrates and imports the demo clone), then the others, then the load balancer
// in front. A process that dies is started again and rejoins once its health check passes.
//
// Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/doppel_cluster),
// CLUSTER_PROCESSES (default: one per core), PORT (the load balancer's, default 3000),
// CLUSTER_BACKEND_PORT (the first process's port, default PORT + 100; the others follow),
// CLUSTER_MAXCONN (requests at once per process, the rest wait in HAProxy's queue; default 10,
// 200 with LLM_BASE_URL),
// CLUSTER_QUEUE_TIMEOUT_S (how long a request may wait there, default 120),
// DATA_DIR (shared by all processes: uploads and recordings, default ./.data), and every setting of
// docs/configuration.md, passed to each process. `--no-setup` skips install and build.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureDebianPackages, HAPROXY } from './debian.mjs';
import { pnpm, pnpmAsync, root } from './pnpm.mjs';

const env = { ...process.env };
const port = Number(env.PORT ?? 3000);
const processes = Math.max(1, Number(env.CLUSTER_PROCESSES ?? availableParallelism()));
const backendPort = Number(env.CLUSTER_BACKEND_PORT ?? port + 100);
const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/doppel_cluster';
const dataDir = resolve(root, env.DATA_DIR ?? '.data');
const runDir = join(dataDir, 'cluster');
const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
// What one process is given at once, the rest queued in HAProxy (docs/deployment.md): with the
// local brain, as many requests as a process has database connections (its pool holds 10), which
// gave the most streams per second in bench/cluster.mjs; with an LLM a stream holds its slot while
// the model writes, so many more.
const maxconnPerProcess = Math.max(1, Number(env.CLUSTER_MAXCONN ?? (env.LLM_BASE_URL ? 200 : 10)));
const queueTimeoutS = Math.max(1, Number(env.CLUSTER_QUEUE_TIMEOUT_S ?? 120));
const log = (line) => console.log(`[cluster] ${line}`);

if (!process.argv.includes('--no-setup')) {
  await Promise.all([ensureDebianPackages([HAPROXY]), pnpmAsync(['install', '--prefer-offline'])]);
  pnpm(['-r', '--if-present', 'build']);
} else {
  await ensureDebianPackages([HAPROXY]);
}

await createDatabase(databaseUrl);
mkdirSync(runDir, { recursive: true });

/** Creates the database DATABASE_URL names when the server does not have it yet. */
async function createDatabase(url) {
  const pg = createRequire(join(root, 'packages/db/package.json'))('pg');
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/** @type {{ index: number, port: number, child: import('node:child_process').ChildProcess | null }[]} */
const servers = Array.from({ length: processes }, (_, index) => ({
  index,
  port: backendPort + index,
  child: null,
}));
let stopping = false;
/** @type {import('node:child_process').ChildProcess | null} */
let haproxy = null;

function writeState() {
  const state = {
    port,
    processes: servers.map((s) => ({ index: s.index, port: s.port, pid: s.child?.pid ?? null })),
    haproxy: haproxy?.pid ?? null,
  };
  writeFileSync(join(runDir, 'cluster.json'), `${JSON.stringify(state, null, 2)}\n`);
}

function startServer(server) {
  const child = spawn(process.execPath, [join(root, 'packages/server/dist/main.mjs')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(server.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      // The first process also serves the example host pages; the others only the app.
      EXAMPLES_PORT: server.index === 0 ? (env.EXAMPLES_PORT ?? String(port + 1)) : '0',
      // Each request reaches a process through HAProxy, which appends the client to X-Forwarded-For.
      TRUST_PROXY: env.TRUST_PROXY ?? 'true',
      TRUST_PROXY_HOPS: env.TRUST_PROXY_HOPS ?? '1',
    },
  });
  server.child = child;
  writeState();
  child.on('exit', (code, signal) => {
    server.child = null;
    if (stopping) return;
    log(`process ${server.index + 1} (port ${server.port}) exited (${signal ?? code}); starting it again`);
    setTimeout(() => {
      if (!stopping) startServer(server);
    }, 500);
  });
}

async function healthy(serverPort, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${serverPort}/api/health`);
      if (res.ok) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/** HAProxy's runtime API (a Unix socket's path must stay short: left out when it would not). */
const statsSocket = join(runDir, 'haproxy.sock');

function haproxyConfig() {
  return `# Written by scripts/cluster.mjs; rewritten on each start (docs/deployment.md says why each line).
global
  # Connections at once (each takes two file descriptors: client and process side).
  maxconn 8000
${statsSocket.length < 100 ? `  # For operators: \`echo "show stat" | socat - ${statsSocket}\` (queue lengths: qcur).\n  stats socket ${statsSocket} mode 600 level user\n` : ''}
defaults
  mode http
  timeout connect 2s
  timeout client 1h
  timeout server 1h
  timeout http-request 30s
  # A request no process has room for waits in HAProxy's queue (not in a process) this long, then 503.
  timeout queue ${queueTimeoutS}s
  timeout check 5s
  option forwardfor
  # A connection refused by a dead process is tried on another (never a request already sent).
  retries 2
  option redispatch

frontend doppel
  bind ${env.HOST ?? '127.0.0.1'}:${port}
  # A call's WebSocket stays open for the whole call: it must not take one of a process's few
  # request slots, so it goes through a backend of its own (the same processes, no cap).
  use_backend sockets if { hdr(upgrade) -i websocket }
  default_backend servers

# Round robin, no stickiness: any process answers any request (streams resume anywhere).
backend servers
  balance roundrobin
  # Liveness from a file the process serves without its database: a process busy with a burst (its
  # database pool full of queued work) still answers it; a database outage, which every process
  # shares, takes none of them out (they answer 500 and clients send again).
  option httpchk
  http-check send meth GET uri /embed.js
  http-check expect status 200
  # maxconn: at most this many requests at once in each process (an answer stream counts until it
  # ends); the rest wait in the queue above, in arrival order, for the first free slot.
  default-server inter 2s fastinter 1s downinter 1s fall 3 rise 1 maxconn ${maxconnPerProcess}
  # Which process answered, for operators and the cluster check (scripts/cluster-check.mjs).
  http-response set-header X-Doppel-Backend %s
${servers.map((s) => `  server p${s.index + 1} 127.0.0.1:${s.port} check`).join('\n')}

# Calls' WebSockets: the same processes, up or down as the health checks above say.
backend sockets
  balance leastconn
  http-response set-header X-Doppel-Backend %s
${servers.map((s) => `  server p${s.index + 1} 127.0.0.1:${s.port} track servers/p${s.index + 1}`).join('\n')}
`;
}

// The first process migrates the database and imports the demo clone before the others start.
startServer(servers[0]);
if (!(await healthy(servers[0].port, 120_000))) {
  stopping = true;
  servers[0].child?.kill('SIGTERM');
  throw new Error('the first server process did not become healthy');
}
for (const server of servers.slice(1)) startServer(server);
await Promise.all(servers.slice(1).map((s) => healthy(s.port, 60_000)));

const configPath = join(runDir, 'haproxy.cfg');
writeFileSync(configPath, haproxyConfig());
haproxy = spawn(env.HAPROXY_PATH ?? HAPROXY.path, ['-db', '-f', configPath], {
  stdio: ['ignore', 'inherit', 'inherit'],
});
writeState();
log(`${processes} processes on ${databaseUrl.replace(/:[^:@/]*@/, ':***@')} behind HAProxy`);
log(`Doppel is running at ${publicUrl}/demo`);

function stop(signal) {
  if (stopping) return;
  stopping = true;
  haproxy?.kill(signal);
  for (const server of servers) server.child?.kill(signal);
  setTimeout(() => process.exit(0), 3_000).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
haproxy.on('exit', (code) => {
  if (!stopping) log(`HAProxy exited (${code}); stopping the cluster`);
  stop('SIGTERM');
});
