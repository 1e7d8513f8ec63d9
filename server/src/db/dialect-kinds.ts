/** The databases the server runs on. */
export type DialectName = 'sqlite' | 'postgres' | 'mysql';

/** Connections of a PostgreSQL pool: open, idle among them, and queries waiting for one. */
export interface PoolUse {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}
