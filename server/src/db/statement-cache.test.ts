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

  it('answers rows exactly as better-sqlite3 builds them', () => {
    const { raw, db } = open();
    raw.exec("insert into t (name) values (null), ('dup')");
    for (const sql of [
      'select * from t order by id',
      "select id, name, id * 2 as twice, x'ff' as bytes, 1.5 as half from t order by id",
      'select 1 as a, 2 as a, name as a from t order by id',
      'select name from t where id > 99',
      // Names that would be code if they were not written as strings.
      `select 1 as "}); throw 1; ({", 2 as "a""b", 3 as "back\\slash", 4 as "名 字", 5 as "constructor" from t`,
    ])
      expect(db.prepare(sql).all([]), sql).toEqual(raw.prepare(sql).all());
    // A column named __proto__ is left as better-sqlite3 leaves it, and sets no prototype.
    const [row] = db.prepare('select 1 as __proto__, 2 as b').all([]) as object[];
    expect(row).toEqual(raw.prepare('select 1 as __proto__, 2 as b').get());
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(db.prepare('select name from t where id = ?').all([2])).toEqual([{ name: 'b' }]);
  });

  it('answers the new column names after a rename through the connection', () => {
    const { db } = open();
    expect(db.prepare('select * from t where id = ?').all([1])).toEqual([{ id: 1, name: 'a' }]);
    db.prepare('alter table t rename column name to label').run([]);
    expect(db.prepare('select * from t where id = ?').all([1])).toEqual([{ id: 1, label: 'a' }]);
    const streamed = [...db.prepare('select * from t where id < ?').iterate([3])];
    expect(streamed).toEqual([
      { id: 1, label: 'a' },
      { id: 2, label: 'b' },
    ]);
  });

  it('keeps at most a thousand statements, letting the least recently used go', () => {
    const { db } = open();
    const first = db.prepare('select 0 as n');
    const kept = db.prepare('select 1 as n');
    for (let i = 2; i <= 1000; i++) {
      db.prepare(`select ${i} as n`);
      if (i % 100 === 0) expect(db.prepare('select 1 as n')).toBe(kept);
    }
    expect(db.prepare('select 1 as n')).toBe(kept);
    const again = db.prepare('select 0 as n');
    expect(again).not.toBe(first);
    expect(again.all([])).toEqual([{ n: 0 }]);
  });
});
