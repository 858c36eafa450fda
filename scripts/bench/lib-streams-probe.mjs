// Preloaded into a benchmarked server process (node --import): reports its memory to the
// bench over the IPC channel every PROBE_MS, and answers {gc: true} with a full GC when
// the process runs with --expose-gc.
const every = Number(process.env.PROBE_MS ?? 1000);

function report(afterGc = false) {
  const m = process.memoryUsage();
  process.send?.({
    type: 'memory',
    afterGc,
    at: Date.now(),
    rss: m.rss,
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
  });
}

if (process.send) {
  setInterval(report, every).unref();
  process.on('message', (message) => {
    if (!message?.gc) return;
    if (typeof globalThis.gc === 'function') globalThis.gc();
    report(true);
  });
  // The IPC channel must not keep the server alive on its own.
  process.channel?.unref();
}
