import autocannon from 'autocannon';

export interface LoadTarget {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  /** Non-2xx answers and connection errors (time-outs included). */
  failed: number;
  /** Mean response size (headers and body), bytes. */
  responseBytes: number;
}

/** Percentile of sorted values (nearest rank). */
export const percentile = (sorted: ArrayLike<number>, p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

export const round = (n: number, digits = 2): number => Number(n.toFixed(digits));

/** Latencies collected from every answer, in ms with sub-millisecond resolution (autocannon's histogram has 1 ms). */
export class Latencies {
  private values = new Float64Array(1 << 16);
  length = 0;

  push(ms: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = ms;
  }

  sorted(): Float64Array {
    return this.values.slice(0, this.length).sort();
  }
}

/**
 * Drives one target with autocannon: `connections` keep-alive connections for `seconds`, or a
 * fixed `overallRate` when given. `onResponse` sees each answer (the soak buckets them by minute).
 */
export async function drive(
  target: LoadTarget | LoadTarget[],
  options: {
    seconds: number;
    connections?: number;
    overallRate?: number;
    onResponse?: (statusCode: number, ms: number) => void;
    onTick?: () => void;
  },
): Promise<LoadFigures> {
  const targets = Array.isArray(target) ? target : [target];
  const first = new URL(targets[0]!.url);
  const latencies = new Latencies();
  let bytes = 0;
  let done: (result: autocannon.Result) => void = () => {};
  let failed: (error: Error) => void = () => {};
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    done = resolve;
    failed = reject;
  });
  const instance = autocannon(
    {
      url: first.origin,
      connections: options.connections ?? 10,
      duration: options.seconds,
      ...(options.overallRate ? { overallRate: options.overallRate } : {}),
      timeout: 30,
      requests: targets.map((t) => {
        const u = new URL(t.url);
        return {
          method: t.method ?? 'GET',
          path: `${u.pathname}${u.search}`,
          headers: { ...(t.body ? { 'content-type': 'application/json' } : {}), ...t.headers },
          ...(t.body ? { body: t.body } : {}),
        };
      }),
    },
    (error, result) => (error ? failed(error) : done(result)),
  );
  instance.on('response', (_client, statusCode, resBytes, responseTime) => {
    latencies.push(responseTime);
    bytes += resBytes;
    options.onResponse?.(statusCode, responseTime);
  });
  if (options.onTick) instance.on('tick', options.onTick);
  const result = await finished;
  const sorted = latencies.sorted();
  return {
    requestsPerSecond: round(result.requests.total / result.duration, 1),
    p50Ms: round(percentile(sorted, 50)),
    p90Ms: round(percentile(sorted, 90)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.length ? sorted[sorted.length - 1]! : 0),
    requests: result.requests.total,
    failed: result.non2xx + result.errors,
    responseBytes: Math.round(bytes / Math.max(1, latencies.length)),
  };
}
