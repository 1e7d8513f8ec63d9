import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { bundleServerInto } from '../server/bundle.js';

const root = join(import.meta.dirname, '..');
/** The bundle lives under node_modules so its bare imports resolve from the project's packages. */
const BUNDLE_DIR = join(root, 'node_modules', '.cache', 'bench-server');
const PROBE = join(import.meta.dirname, 'probe.mjs');
/** Extra Node flags for the processes started here, e.g. `BENCH_NODE_ARGS=--cpu-prof` to profile. */
const NODE_ARGS = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

/** Ports of the benchmarks (19500–19999 is theirs). */
export const PORTS = {
  api: 19510,
  bare: 19511,
  web: 19520,
  browser: 19530,
  soak: 19540,
  peerOurs: 19550,
  peer: 19551,
  logging: 19560,
  cost: 19570,
  sheet: 19580,
} as const;

/**
 * Bundles the server from source as server/build.ts does (with its spreadsheet worker), into a
 * place of its own so builds by others are neither used nor disturbed.
 */
export const bundleServer = (): Promise<string> => bundleServerInto(BUNDLE_DIR, { sourcemap: false });

export interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

export interface RunningServer {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 of GET /api/health. */
  startupMs: number;
  /** The server's memory (after a full collection when `gc`). */
  memory(gc?: boolean): Promise<Memory>;
  stop(): Promise<void>;
}

/** Processes started here and not stopped yet: `stopStarted` stops them however a bench ends. */
const running = new Set<RunningServer>();

/** Stops every process started here that is still running (a bench's `finally`). */
export async function stopStarted(): Promise<void> {
  for (const server of [...running]) await server.stop();
}

/**
 * Starts `script` (the server bundle or another entry) in a child process with the memory probe,
 * and waits for its first successful answer to `ready` (a path).
 */
export async function startProcess(options: {
  script: string;
  /** Arguments after the script (a CLI's command). */
  args?: string[];
  /** Working directory (default: the repository). */
  cwd?: string;
  port: number;
  env?: Record<string, string>;
  ready?: string;
  timeoutMs?: number;
}): Promise<RunningServer> {
  const url = `http://127.0.0.1:${options.port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [...NODE_ARGS, '--expose-gc', '--import', PROBE, options.script, ...(options.args ?? [])],
    {
      cwd: options.cwd ?? root,
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(options.port), ...options.env },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  const ready = `${url}${options.ready ?? '/api/health'}`;
  for (;;) {
    if (exited) throw new Error(`server exited before answering:\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer ${ready} in time:\n${stderr}`);
    }
    const ok = await fetch(ready)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const startupMs = performance.now() - started;

  let nextId = 0;
  const memory = (gc = false): Promise<Memory> =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      const timer = setTimeout(() => reject(new Error('memory probe did not answer')), 10_000);
      const onMessage = (message: { type?: string; id?: number } & Memory) => {
        if (message.type !== 'memory' || message.id !== id) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve({
          rss: message.rss,
          heapUsed: message.heapUsed,
          heapTotal: message.heapTotal,
          external: message.external,
        });
      };
      child.on('message', onMessage);
      child.send({ type: 'memory', id, gc });
    });

  const stop = async () => {
    running.delete(server);
    if (exited) return;
    const gone = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await gone;
    clearTimeout(timer);
  };

  const server: RunningServer = { url, pid: child.pid!, startupMs, memory, stop };
  running.add(server);
  return server;
}

/** The product's defaults, but for the sign-in rate limits, which benchmarks must exceed. */
export const serverEnv = (dataDir: string, databaseUrl: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'info',
  LOGIN_RATE_PER_ACCOUNT: '100000000',
  LOGIN_RATE_PER_IP: '100000000',
  WEB_DIST: join(dataDir, 'no-web'),
});

/** The product's server from the bench bundle, with the environment of `env` on top of the defaults. */
export const startServer = (
  bundle: string,
  port: number,
  env: Record<string, string>,
): Promise<RunningServer> => startProcess({ script: bundle, port, env });

/**
 * The floor: a bare Node HTTP server (`bare-server.mjs`) answering what the product's routes answer,
 * without the product, so each benchmark measures ours beside what the machine does at best.
 */
export const startFloor = (): Promise<RunningServer> =>
  startProcess({ script: join(import.meta.dirname, 'bare-server.mjs'), port: PORTS.bare });

export const MiB = (bytes: number): number => Number((bytes / 2 ** 20).toFixed(1));
