import { AppError } from '../../core/errors.js';
import type { DialectName } from '../../db/database.js';

/** A piece of SQL text: code, or something whose inside is not code (a literal, a quoted name, a comment). */
interface Piece {
  kind: 'code' | 'literal' | 'comment';
  text: string;
}

/** A query ready for the driver: placeholders in the driver's syntax and the values in their order. */
export interface BoundQuery {
  text: string;
  values: unknown[];
}

const IDENT_START = /[A-Za-z_]/;
const IDENT = /[A-Za-z0-9_]/;

/** Where a literal or quoted name that starts at `start` ends (the index after it). */
function quotedEnd(sql: string, start: number, close: string, backslash: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    const c = sql[i]!;
    if (backslash && c === '\\') i += 2;
    else if (c === close) {
      // a doubled closing quote is the quote itself ('it''s', "a""b")
      if (sql[i + 1] === close && close !== ']') i += 2;
      else return i + 1;
    } else i++;
  }
  return sql.length;
}

/** The end of a /* comment *\/ (PostgreSQL nests them, SQLite does not). */
function blockCommentEnd(sql: string, start: number, nested: boolean): number {
  let depth = 1;
  let i = start + 2;
  while (i < sql.length && depth > 0) {
    if (nested && sql.startsWith('/*', i)) {
      depth++;
      i += 2;
    } else if (sql.startsWith('*/', i)) {
      depth--;
      i += 2;
    } else i++;
  }
  return Math.min(i, sql.length);
}

/**
 * Splits SQL into code, literals and comments the way the dialect reads it, so that what is
 * checked (statements, placeholders) is exactly what the database will see as code.
 */
export function lex(sql: string, dialect: DialectName): Piece[] {
  const pieces: Piece[] = [];
  let code = '';
  const flush = () => {
    if (code) pieces.push({ kind: 'code', text: code });
    code = '';
  };
  const mysql = dialect === 'mysql';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    const prev = i > 0 ? sql[i - 1]! : '';
    let end = -1;
    let kind: Piece['kind'] = 'literal';
    // MySQL's `--` starts a comment only before a blank; `#` starts one too.
    const lineComment =
      (c === '-' && sql[i + 1] === '-' && (!mysql || /^(\s|$)/.test(sql[i + 2] ?? ''))) ||
      (mysql && c === '#');
    if (lineComment) {
      const nl = sql.indexOf('\n', i);
      end = nl < 0 ? sql.length : nl;
      kind = 'comment';
    } else if (mysql && c === '/' && sql[i + 1] === '*' && /[!+]/.test(sql[i + 2] ?? '')) {
      // `/*! … */` is code MySQL runs (and `/*+ … */` hints it reads): checked as code.
      const close = sql.indexOf('*/', i + 2);
      end = close < 0 ? sql.length : close + 2;
      kind = 'code';
    } else if (c === '/' && sql[i + 1] === '*') {
      end = blockCommentEnd(sql, i, dialect === 'postgres');
      kind = 'comment';
    } else if (c === "'") {
      // PostgreSQL's E'…' strings take backslash escapes; plain strings do not.
      // MySQL's strings take them always.
      const escaped = mysql || (dialect === 'postgres' && /[eE]/.test(prev) && !IDENT.test(sql[i - 2] ?? ''));
      end = quotedEnd(sql, i, "'", escaped);
    } else if (c === '"') end = quotedEnd(sql, i, '"', mysql);
    else if (dialect !== 'postgres' && c === '`') end = quotedEnd(sql, i, '`', false);
    else if (dialect === 'sqlite' && c === '[') end = quotedEnd(sql, i, ']', false);
    else if (dialect === 'postgres' && c === '$' && !IDENT.test(prev)) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length);
        end = close < 0 ? sql.length : close + tag[0].length;
      }
    }
    if (end < 0) {
      code += c;
      i++;
      continue;
    }
    flush();
    pieces.push({ kind, text: sql.slice(i, end) });
    i = end;
  }
  flush();
  return pieces;
}

/**
 * The statement a report may run: comments removed, one trailing semicolon dropped, and refused
 * unless it is a single SELECT or WITH statement. The database's read-only guard stays the real
 * protection; this check gives the clear message first.
 */
export function readStatement(sql: string, dialect: DialectName): Piece[] {
  const pieces = lex(sql, dialect)
    .map((p): Piece => (p.kind === 'comment' ? { kind: 'code', text: ' ' } : p))
    .reduce<Piece[]>((out, p) => {
      const last = out[out.length - 1];
      if (last && last.kind === 'code' && p.kind === 'code') last.text += p.text;
      else out.push({ ...p });
      return out;
    }, []);
  // Drop trailing blanks and one trailing semicolon.
  const tail = pieces[pieces.length - 1];
  if (tail?.kind === 'code') {
    tail.text = tail.text.trimEnd();
    if (tail.text.endsWith(';')) tail.text = tail.text.slice(0, -1).trimEnd();
    if (!tail.text) pieces.pop();
  }
  if (pieces.some((p) => p.kind === 'code' && p.text.includes(';')))
    throw new AppError(400, 'reportOneStatement');
  const head = pieces[0];
  const keyword = head?.kind === 'code' ? /^\s*([A-Za-z]+)/.exec(head.text)?.[1]?.toLowerCase() : undefined;
  if (keyword !== 'select' && keyword !== 'with') throw new AppError(400, 'reportNotSelect');
  return pieces;
}

/** The :name parameters a query uses, in order of first use. */
export function parameterNames(sql: string, dialect: DialectName): string[] {
  const names: string[] = [];
  for (const p of lex(sql, dialect)) {
    if (p.kind !== 'code') continue;
    forEachPlaceholder(p.text, (name) => {
      if (!names.includes(name)) names.push(name);
      return '';
    });
  }
  return names;
}

/** Calls `replace` for each :name in a piece of code (not a :: cast) and substitutes its answer. */
function forEachPlaceholder(code: string, replace: (name: string) => string): string {
  let out = '';
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    if (c === ':' && code[i + 1] === ':') {
      out += '::';
      i += 2;
    } else if (c === ':' && IDENT_START.test(code[i + 1] ?? '') && !IDENT.test(code[i - 1] ?? '')) {
      let j = i + 1;
      while (j < code.length && IDENT.test(code[j]!)) j++;
      out += replace(code.slice(i + 1, j));
      i = j;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/**
 * Checks the statement and binds its :name parameters: PostgreSQL gets $1, $2 … (one per name),
 * SQLite and MySQL get one ? per use. Values are never written into the SQL text.
 */
export function bindQuery(
  sql: string,
  dialect: DialectName,
  values: Readonly<Record<string, unknown>>,
): BoundQuery {
  const pieces = readStatement(sql, dialect);
  const order: string[] = [];
  const bound: unknown[] = [];
  const placeholder = (name: string): string => {
    if (!Object.hasOwn(values, name)) throw new AppError(400, 'reportUnknownParam', { name });
    if (dialect !== 'postgres') {
      bound.push(values[name]);
      return '?';
    }
    let index = order.indexOf(name);
    if (index < 0) {
      order.push(name);
      bound.push(values[name]);
      index = order.length - 1;
    }
    return `$${index + 1}`;
  };
  const text = pieces
    .map((p) => (p.kind === 'code' ? forEachPlaceholder(p.text, placeholder) : p.text))
    .join('');
  return { text: text.trim(), values: bound };
}
