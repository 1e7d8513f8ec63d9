import { type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../dialect-kinds.js';

/** The day (YYYY-MM-DD) of a stored time, as text: each dialect stores times its own way. */
export function dayOf(dialect: DialectName, column: string): RawBuilder<string> {
  const ref = sql.ref(column);
  if (dialect === 'mysql') return sql<string>`date_format(${ref}, '%Y-%m-%d')`;
  if (dialect === 'postgres') return sql<string>`to_char(${ref}, 'YYYY-MM-DD')`;
  return sql<string>`substr(${ref}, 1, 10)`;
}
