// Preloaded into a benchmarked server (`node --import ./bench/probe.mjs`): answers memory requests
// over the IPC channel, so the figures are the server's own and not the load generator's.
// With `gc: true` (and --expose-gc) it collects first, which makes heap samples comparable.
if (process.send) {
  process.on('message', (message) => {
    if (message?.type !== 'memory') return;
    if (message.gc && typeof globalThis.gc === 'function') globalThis.gc();
    process.send?.({ type: 'memory', id: message.id, ...process.memoryUsage() });
  });
  // The server's own handles keep it alive; the channel must not.
  process.channel?.unref();
}
