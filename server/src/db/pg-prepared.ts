import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/** Statements kept prepared per connection at most: the product's repeated texts, with room. */
const KEPT = 400;
/** Sightings on a connection before a text is kept: one-off statements (migrations) stay unnamed. */
const KEEP_AFTER = 2;
/** Texts counted per connection before the count starts over (long `in` lists vary endlessly). */
const SEEN = 5_000;
/**
 * Longer texts are never kept: the product's own statements are far shorter, and an operator's
 * report query (up to the field's limit) must not be held by every connection of the pool.
 */
const LONGEST = 8_000;

/** PostgreSQL's answer when a kept `select *` meets a table whose columns changed since. */
const resultTypeChanged = (error: unknown) =>
  (error as { code?: string }).code === '0A000' &&
  /cached plan must not change result type/.test((error as Error).message);

/** Per connection, by the digest of the text (never the text itself, so memory stays bounded). */
interface Kept {
  seen: Map<string, number>;
  named: Set<string>;
  /** Part of every name: bumped to prepare afresh after a schema change. */
  generation: number;
}

/** Texts whose digest is kept, for the whole process, before that memory starts over. */
const DIGESTS_KEPT = 1_000;
const digests = new Map<string, string>();

/** The digest naming a text: hashed once per text, since a request's texts repeat. */
const digest = (text: string): string => {
  let key = digests.get(text);
  if (key === undefined) {
    key = createHash('sha1').update(text).digest('base64url').slice(0, 20);
    if (digests.size >= DIGESTS_KEPT) digests.clear();
    digests.set(text, key);
  }
  return key;
};

/**
 * A pool whose connections keep the statements they run repeatedly as named prepared statements.
 * Unnamed, PostgreSQL parses and plans every statement on every call, which for a short list is
 * most of the database's time (the session's join, the count, the page); kept, it parses each once
 * per connection and, once its plan is as good without the values, stops planning it. A statement
 * that needs its values to plan well (a `like` prefix) is planned with them as before.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    connect: async () => {
      const client = await pool.connect();
      let kept = wrapped.get(client);
      if (!kept) {
        kept = keeping(client);
        wrapped.set(client, kept);
      }
      return kept;
    },
    end: () => pool.end(),
  };
}

function keeping(client: pg.PoolClient): PostgresPoolClient {
  const kept: Kept = { seen: new Map(), named: new Set(), generation: 0 };

  const nameFor = (text: string): string | undefined => {
    if (text.length > LONGEST) return undefined;
    const key = digest(text);
    if (kept.named.has(key)) return `k${kept.generation}_${key}`;
    if (kept.named.size >= KEPT) return undefined;
    const sightings = (kept.seen.get(key) ?? 0) + 1;
    if (kept.seen.size >= SEEN) kept.seen.clear();
    kept.seen.set(key, sightings);
    if (sightings < KEEP_AFTER) return undefined;
    kept.seen.delete(key);
    kept.named.add(key);
    return `k${kept.generation}_${key}`;
  };

  async function run<R>(text: string, values: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    const name = nameFor(text);
    const params = [...values];
    if (!name) return client.query(text, params) as unknown as Promise<PostgresQueryResult<R>>;
    try {
      return (await client.query({ name, text, values: params })) as unknown as PostgresQueryResult<R>;
    } catch (error) {
      if (!resultTypeChanged(error)) throw error;
      // A table changed under a kept statement: prepare every statement afresh under new names
      // (the old ones end with the connection) and run this one unnamed.
      kept.generation++;
      kept.named.clear();
      return client.query(text, params) as unknown as Promise<PostgresQueryResult<R>>;
    }
  }

  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    textOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof textOrCursor === 'string') return run<R>(textOrCursor, parameters ?? []);
    return client.query(textOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
  }

  return { query, release: () => client.release() };
}
