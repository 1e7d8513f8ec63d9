import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import { bindQuery, parameterNames, readStatement } from './report-sql.js';

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.key;
    throw error;
  }
  return 'accepted';
};

describe('report statements', () => {
  it('accepts one SELECT or WITH, with comments and one trailing semicolon', () => {
    for (const sql of [
      'select 1',
      '  SELECT 1;  ',
      '-- totals\nselect 1 -- per day\n;',
      '/* a */ with x as (select 1) select * from x',
      'select \';\' as a, "x;y" from t',
    ])
      expect(
        refusal(() => readStatement(sql, 'sqlite')),
        sql,
      ).toBe('accepted');
  });

  it('refuses anything that is not a single SELECT or WITH', () => {
    const cases: Array<[string, string]> = [
      ['delete from blade_user', 'reportNotSelect'],
      ['insert into t values (1)', 'reportNotSelect'],
      ['pragma writable_schema = on', 'reportNotSelect'],
      ["attach database 'x.db' as x", 'reportNotSelect'],
      ['/* select */ update t set a = 1', 'reportNotSelect'],
      ['select 1; delete from t', 'reportOneStatement'],
      ['select 1;;', 'reportOneStatement'],
      ['select 1 /* ; */; commit', 'reportOneStatement'],
      ['', 'reportNotSelect'],
    ];
    for (const [sql, key] of cases)
      expect(
        refusal(() => readStatement(sql, 'postgres')),
        sql,
      ).toBe(key);
  });

  it('reads literals, quoted names and comments as the dialect does', () => {
    // PostgreSQL: E-strings take backslash escapes, dollar quotes hold anything, comments nest.
    expect(refusal(() => readStatement("select E'\\'; delete' as a", 'postgres'))).toBe('accepted');
    expect(refusal(() => readStatement('select $$;$$, $t$ ; $t$', 'postgres'))).toBe('accepted');
    expect(refusal(() => readStatement('select 1 /* a /* b */ ; */', 'postgres'))).toBe('accepted');
    // SQLite does not nest comments: the second */ is code and so is the ; after it.
    expect(refusal(() => readStatement('select 1 /* a /* b */ ; */', 'sqlite'))).toBe('reportOneStatement');
    expect(refusal(() => readStatement('select [a;b], `c;d` from t', 'sqlite'))).toBe('accepted');
    // MySQL: strings take backslash escapes, # comments a line, -- only before a blank, and
    // /*! … */ is code it runs.
    expect(refusal(() => readStatement("select 'a\\'; delete' as a", 'mysql'))).toBe('accepted');
    expect(refusal(() => readStatement('select `c;d` from t # ; here', 'mysql'))).toBe('accepted');
    expect(refusal(() => readStatement('select 1 --1; delete from t', 'mysql'))).toBe('reportOneStatement');
    expect(refusal(() => readStatement('select 1 /*! ; delete from t */', 'mysql'))).toBe(
      'reportOneStatement',
    );
  });
});

describe('report parameters', () => {
  it('binds :name parameters as driver placeholders, never into the text', () => {
    const sql = "select * from t where a = :a and b > :b and c = ':a' and d = :a -- :zz";
    const values = { a: "x' or '1'='1", b: 5 };
    expect(bindQuery(sql, 'postgres', values)).toEqual({
      text: "select * from t where a = $1 and b > $2 and c = ':a' and d = $1",
      values: ["x' or '1'='1", 5],
    });
    expect(bindQuery(sql, 'mysql', values)).toEqual(bindQuery(sql, 'sqlite', values));
    expect(bindQuery(sql, 'sqlite', values)).toEqual({
      text: "select * from t where a = ? and b > ? and c = ':a' and d = ?",
      values: ["x' or '1'='1", 5, "x' or '1'='1"],
    });
  });

  it('leaves casts and array slices alone', () => {
    expect(bindQuery('select :d::date, a[1:2], x::text', 'postgres', { d: '2024-01-01' }).text).toBe(
      'select $1::date, a[1:2], x::text',
    );
    expect(parameterNames('select :a, :b, :a, \':c\', "x:d", $$:e$$', 'postgres')).toEqual(['a', 'b']);
  });

  it('refuses a parameter the report does not define', () => {
    expect(refusal(() => bindQuery('select :missing', 'sqlite', {}))).toBe('reportUnknownParam');
  });
});
