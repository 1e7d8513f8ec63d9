import { describe, expect, it } from 'vitest';
import { SlowStatements, statementShape } from './slow-statements.js';

describe('statement shapes', () => {
  it('keeps no literal a statement was written with, and folds parameter lists', () => {
    expect(statementShape(`select * from "t" where name = 'Zhang''s shop' and price > 12.5 and n = -3`)).toBe(
      'select * from "t" where name = ? and price > ? and n = ?',
    );
    expect(statementShape('select "t1"."id" from t1 where id in ($1, $2, $3) limit $4')).toBe(
      'select "t1"."id" from t1 where id in ($n, …) limit $4',
    );
    expect(statementShape('select * from t where id in (?, ?, ?)')).toBe(
      'select * from t where id in (?, …)',
    );
    expect(statementShape('insert into t (a, b) values (?, ?), (?, ?), (?, ?)')).toBe(
      'insert into t (a, b) values (?, …), …',
    );
    expect(statementShape('insert into t (a, b) values ($1, $2), ($3, $4)')).toBe(
      'insert into t (a, b) values ($n, …), …',
    );
    expect(statementShape(`select "t2"."a1", x.b from t2 where c = 12abc and d = 1.2.3 and e = 'it''s`)).toBe(
      'select "t2"."a1", x.b from t2 where c = 12abc and d = 1.2.3 and e = ?',
    );
    const many = Array.from({ length: 50_000 }, () => '(?, ?)').join(', ');
    expect(statementShape(`insert into t (a, b) values ${many}`)).toBe(
      'insert into t (a, b) values (?, …), …',
    );
  });
});

describe('slowest statements', () => {
  it('keeps the slowest shapes, each once with its longest time', () => {
    const slow = new SlowStatements(2, 60_000);
    slow.record('select 1 from a where x = ?', 5, 0);
    slow.record('select 1 from b', 9, 1);
    slow.record('select 1 from a where x = ?', 7, 2);
    slow.record('select 1 from c', 1, 3);
    slow.record('select 1 from d', 8, 4);
    expect(slow.slowest().map((s) => [s.shape, s.ms])).toEqual([
      ['select ? from b', 9],
      ['select ? from d', 8],
    ]);
  });

  it('forgets a shape two windows on', () => {
    const slow = new SlowStatements(3, 1000);
    slow.record('select a', 50, 0);
    slow.record('select b', 1, 1500);
    expect(slow.slowest().map((s) => s.shape)).toEqual(['select a', 'select b']);
    slow.record('select c', 1, 2600);
    expect(slow.slowest().map((s) => s.shape)).toEqual(['select b', 'select c']);
  });
});
