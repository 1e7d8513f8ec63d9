import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { preparingOnce } from './statement-cache.js';

describe('preparingOnce', () => {
  const open = () => {
    const raw = new SQLite(':memory:');
    raw.exec('create table t (id integer primary key, name text)');
    raw.exec("insert into t (name) values ('a'), ('b'), ('c')");
    return { raw, db: preparingOnce(raw) };
  };

  it('prepares a SQL text once and runs it again with other parameters', () => {
    const { db } = open();
    const first = db.prepare('select name from t where id = ?');
    expect(first.all([1])).toEqual([{ name: 'a' }]);
    const again = db.prepare('select name from t where id = ?');
    expect(again).toBe(first);
    expect(again.all([2])).toEqual([{ name: 'b' }]);
  });

  it('gives a fresh statement while the kept one is still being iterated', () => {
    const { db } = open();
    const reading = db.prepare('select name from t order by id');
    const iterator = (reading as unknown as { iterate(): IterableIterator<{ name: string }> }).iterate();
    expect(iterator.next().value).toEqual({ name: 'a' });
    const other = db.prepare('select name from t order by id');
    expect(other).not.toBe(reading);
    expect(other.all([])).toHaveLength(3);
    expect([...iterator].map((r) => r.name)).toEqual(['b', 'c']);
  });

  it('answers the new shape after the schema changes', () => {
    const { raw, db } = open();
    expect(db.prepare('select * from t where id = ?').all([1])).toEqual([{ id: 1, name: 'a' }]);
    raw.exec("alter table t add column note text default 'n'");
    expect(db.prepare('select * from t where id = ?').all([1])).toEqual([{ id: 1, name: 'a', note: 'n' }]);
  });
});
