import { Worker } from 'node:worker_threads';

/** One health answer as the probe saw it. */
export interface HealthSample {
  /** When the request was sent (epoch ms, comparable across threads). */
  at: number;
  ms: number;
  status: number;
  /** The process's resident memory then (the probe shares the server's process). */
  rss: number;
}

/** The client: GET the address one after another until told to stop; answers every sample. */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
let stop = false;
parentPort.on('message', () => { stop = true; });
(async () => {
  const samples = [];
  while (!stop) {
    const at = performance.timeOrigin + performance.now();
    let status = 0;
    try {
      const res = await fetch(workerData.url);
      await res.arrayBuffer();
      status = res.status;
    } catch {}
    samples.push({ at, ms: performance.timeOrigin + performance.now() - at, status, rss: process.memoryUsage.rss() });
    await new Promise((r) => setTimeout(r, 5));
  }
  parentPort.postMessage(samples);
})();
`;

/** The time on the probe's clock (epoch milliseconds). */
export const now = (): number => performance.timeOrigin + performance.now();

/**
 * Times `url` (GET /api/health of a listening test server) from a worker thread, an event loop of
 * its own, so a stall of the server's thread shows as a slow answer in the window that caused it.
 */
export function healthProbe(url: string): { stop(): Promise<HealthSample[]> } {
  const worker = new Worker(PROBE, { eval: true, workerData: { url } });
  const collected = new Promise<HealthSample[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const samples = await collected;
      await worker.terminate();
      return samples;
    },
  };
}
