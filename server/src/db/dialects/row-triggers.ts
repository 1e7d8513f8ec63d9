import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect-of.js';

/**
 * A trigger run after each changed row, in SQLite's or MySQL's words: SQLite puts the condition
 * in `when`, MySQL (whose triggers are always per row and have no `when`) in an `if` around the
 * body. PostgreSQL's triggers run a function and are written where they are used.
 */
export async function rowTrigger(
  db: Kysely<Record<string, unknown>>,
  trigger: {
    name: string;
    event: 'insert' | 'update' | 'delete';
    table: string;
    when?: string;
    body: string;
  },
): Promise<void> {
  const { name, event, table, when, body } = trigger;
  const statement =
    dialectOf(db) === 'mysql'
      ? `create trigger ${name} after ${event} on ${table} for each row begin ${when ? `if ${when} then ${body}; end if;` : `${body};`} end`
      : `create trigger ${name} after ${event} on ${table}${when ? ` when ${when}` : ''} begin ${body}; end`;
  await sql.raw(statement).execute(db);
}

/** `a is distinct from b` (PostgreSQL's words), as SQLite and MySQL say it. */
export function distinct(db: Kysely<Record<string, unknown>>, a: string, b: string): string {
  const dialect = dialectOf(db);
  if (dialect === 'postgres') return `${a} is distinct from ${b}`;
  return dialect === 'mysql' ? `not (${a} <=> ${b})` : `${a} is not ${b}`;
}
