/** The 服务监控 screen's answer (GET /api/blade-monitor/server): figures of the whole server, no tenant's data. */

/** The load of one sample period (a few seconds), per second over it. */
export interface LoadSample {
  /** End of the period (epoch milliseconds). */
  at: number;
  requestsPerSecond: number;
  /** Answers with a 5xx status. */
  errorsPerSecond: number;
  loopP50Ms: number;
  loopP99Ms: number;
  cpuPercent: number;
}

export interface MonitorSnapshot {
  process: {
    uptimeSeconds: number;
    node: string;
    pid: number;
    rssBytes: number;
    heapUsedBytes: number;
    heapTotalBytes: number;
  };
  /** Averages over the last minute of samples; the loop's delay of the last sample. */
  load: {
    requestsPerSecond: number;
    errorRate: number;
    cpuPercent: number;
    loopP50Ms: number;
    loopP99Ms: number;
  };
  /** The last minutes, oldest first. */
  samples: readonly LoadSample[];
  database: {
    dialect: 'sqlite' | 'postgres' | 'mysql';
    /** PostgreSQL's or MySQL's pool; SQLite has one connection. */
    pool: { max: number; total: number; idle: number; waiting: number } | null;
    /** Statements this process has run. */
    statements: number;
    /** The slowest statement shapes of the last minutes: text without values, longest time, when. */
    slowest: Array<{ shape: string; ms: number; at: number }>;
  };
  /** The key-value store (Redis, or the process's memory); null when it did not answer in time. */
  store: { kind: 'memory' | 'redis'; connected: boolean; keys?: number; memoryBytes?: number } | null;
  scheduler: {
    /** Whether this process runs scheduled jobs. */
    enabled: boolean;
    running: number;
    failed24h: number;
    runs24h: number;
    /** The jobs due soonest, by name (a tenant job's earliest row). */
    next: Array<{ job: string; at: string }>;
  };
  /** The file system of DATA_DIR. */
  storage: { freeBytes: number; totalBytes: number } | null;
}
