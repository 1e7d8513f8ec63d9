/**
 * Expressions of process diagrams (`${days > hrDays}`, `${approved}`, `${applicantId}`), read by
 * a small grammar of our own over plain data: literals, variable paths, and the operators of the
 * JUEL expressions BPMN tools write (`&&`/`and`, `||`/`or`, `!`/`not`, `==`/`eq`, `!=`/`ne`,
 * `<`/`lt`, `<=`/`le`, `>`/`gt`, `>=`/`ge`, `+ - * / %`, `empty`). There are no calls, and a path
 * only reads own properties of plain objects and arrays, so nothing a tenant writes in a diagram
 * can reach a function, a prototype or a global of the server.
 */

export class ExpressionError extends Error {}

type Node =
  | { kind: 'literal'; value: unknown }
  | { kind: 'path'; root: string; keys: string[] }
  | { kind: 'unary'; op: '!' | '-' | 'empty'; arg: Node }
  | { kind: 'binary'; op: string; left: Node; right: Node };

const MAX_LENGTH = 2000;
const MAX_DEPTH = 40;

/** Word operators and their symbol forms. */
const WORDS = new Map([
  ['and', '&&'],
  ['or', '||'],
  ['not', '!'],
  ['eq', '=='],
  ['ne', '!='],
  ['lt', '<'],
  ['le', '<='],
  ['gt', '>'],
  ['ge', '>='],
  ['div', '/'],
  ['mod', '%'],
  ['empty', 'empty'],
]);

type Token =
  | { type: 'number'; value: number }
  | { type: 'string'; value: string }
  | { type: 'name'; value: string }
  | { type: 'op'; value: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      const match = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(text.slice(i))!;
      tokens.push({ type: 'number', value: Number(match[0]) });
      i += match[0].length;
    } else if (c === "'" || c === '"') {
      let value = '';
      let j = i + 1;
      for (; j < text.length && text[j] !== c; j++) {
        if (text[j] === '\\' && j + 1 < text.length) j++;
        value += text[j];
      }
      if (j >= text.length) throw new ExpressionError('a string is not closed');
      tokens.push({ type: 'string', value });
      i = j + 1;
    } else if (/[A-Za-z_$]/.test(c)) {
      const name = /^[A-Za-z_$][\w$]*/.exec(text.slice(i))![0];
      const word = WORDS.get(name);
      tokens.push(word ? { type: 'op', value: word } : { type: 'name', value: name });
      i += name.length;
    } else {
      const op = ['&&', '||', '==', '!=', '<=', '>=', '===', '!=='].find((o) => text.startsWith(o, i));
      if (op === '===' || op === '!==')
        throw new ExpressionError(`${op} is not an operator here; use == or !=`);
      if (op) {
        tokens.push({ type: 'op', value: op });
        i += op.length;
      } else if ('!<>+-*/%().[]'.includes(c)) {
        tokens.push({ type: 'op', value: c });
        i++;
      } else {
        throw new ExpressionError(`unexpected character ${c}`);
      }
    }
  }
  return tokens;
}

/** Precedence climbing over the binary operators, loosest first. */
const LEVELS: string[][] = [
  ['||'],
  ['&&'],
  ['==', '!='],
  ['<', '<=', '>', '>='],
  ['+', '-'],
  ['*', '/', '%'],
];

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Node {
    const node = this.binary(0, 0);
    if (this.at < this.tokens.length) throw new ExpressionError(`unexpected ${this.describe()}`);
    return node;
  }

  private describe(): string {
    const token = this.tokens[this.at];
    return token ? String(token.value) : 'end';
  }

  private isOp(value: string): boolean {
    const token = this.tokens[this.at];
    return token?.type === 'op' && token.value === value;
  }

  private expect(value: string): void {
    if (!this.isOp(value)) throw new ExpressionError(`expected ${value} but found ${this.describe()}`);
    this.at++;
  }

  private binary(level: number, depth: number): Node {
    if (depth > MAX_DEPTH) throw new ExpressionError('the expression is nested too deeply');
    if (level === LEVELS.length) return this.unary(depth + 1);
    let left = this.binary(level + 1, depth + 1);
    for (;;) {
      const op = LEVELS[level]!.find((o) => this.isOp(o));
      if (!op) return left;
      this.at++;
      left = { kind: 'binary', op, left, right: this.binary(level + 1, depth + 1) };
    }
  }

  private unary(depth: number): Node {
    if (depth > MAX_DEPTH) throw new ExpressionError('the expression is nested too deeply');
    for (const op of ['!', '-', 'empty'] as const) {
      if (this.isOp(op)) {
        this.at++;
        return { kind: 'unary', op, arg: this.unary(depth + 1) };
      }
    }
    return this.primary(depth);
  }

  private primary(depth: number): Node {
    const token = this.tokens[this.at];
    if (!token) throw new ExpressionError('the expression ends too early');
    if (this.isOp('(')) {
      this.at++;
      const inner = this.binary(0, depth + 1);
      this.expect(')');
      return inner;
    }
    this.at++;
    if (token.type === 'number' || token.type === 'string') return { kind: 'literal', value: token.value };
    if (token.type !== 'name') throw new ExpressionError(`unexpected ${token.value}`);
    if (token.value === 'true') return { kind: 'literal', value: true };
    if (token.value === 'false') return { kind: 'literal', value: false };
    if (token.value === 'null') return { kind: 'literal', value: null };
    const keys: string[] = [];
    for (;;) {
      if (this.isOp('.')) {
        this.at++;
        const next = this.tokens[this.at++];
        if (next?.type !== 'name') throw new ExpressionError('a property name must follow .');
        keys.push(next.value);
      } else if (this.isOp('[')) {
        this.at++;
        const index = this.tokens[this.at++];
        if (index?.type !== 'string' && index?.type !== 'number')
          throw new ExpressionError('[ ] takes a quoted name or a number');
        keys.push(String(index.value));
        this.expect(']');
      } else if (this.isOp('(')) {
        throw new ExpressionError(
          `${[token.value, ...keys].join('.')}(…) is a call, and expressions cannot call anything`,
        );
      } else {
        return { kind: 'path', root: token.value, keys };
      }
    }
  }
}

const isPlain = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** An own data property of a plain object or array; functions and everything inherited read as null. */
function member(value: unknown, key: string): unknown {
  if (!isPlain(value) || !Object.hasOwn(value, key)) return null;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'function' ? null : (found ?? null);
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (value === null || value === undefined || value === '') return 0;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  if (typeof value === 'boolean') throw new ExpressionError('a true/false value is not a number');
  throw new ExpressionError(`${JSON.stringify(value)} is not a number`);
}

function toBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.trim().toLowerCase() === 'true';
  if (typeof value === 'number') return value !== 0;
  return false;
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return isPlain(value) && Object.keys(value).length === 0;
}

/** Equality as JUEL coerces it: numbers compare as numbers, booleans as booleans, the rest as text. */
function equals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return false;
  if (typeof a === 'number' || typeof b === 'number') {
    try {
      return toNumber(a) === toNumber(b);
    } catch {
      return false;
    }
  }
  if (typeof a === 'boolean' || typeof b === 'boolean') return toBoolean(a) === toBoolean(b);
  if (isPlain(a) || isPlain(b)) return false;
  return String(a) === String(b);
}

function compare(op: string, a: unknown, b: unknown): boolean {
  const textual = typeof a === 'string' && typeof b === 'string';
  const x = textual ? a : toNumber(a);
  const y = textual ? b : toNumber(b);
  switch (op) {
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    default:
      return x >= y;
  }
}

function evaluate(node: Node, scope: Record<string, unknown>): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'path':
      return node.keys.reduce<unknown>((value, key) => member(value, key), member(scope, node.root));
    case 'unary': {
      const value = evaluate(node.arg, scope);
      if (node.op === '!') return !toBoolean(value);
      if (node.op === 'empty') return isEmpty(value);
      return -toNumber(value);
    }
    case 'binary': {
      if (node.op === '&&')
        return toBoolean(evaluate(node.left, scope)) && toBoolean(evaluate(node.right, scope));
      if (node.op === '||')
        return toBoolean(evaluate(node.left, scope)) || toBoolean(evaluate(node.right, scope));
      const left = evaluate(node.left, scope);
      const right = evaluate(node.right, scope);
      switch (node.op) {
        case '==':
          return equals(left, right);
        case '!=':
          return !equals(left, right);
        case '+':
          return toNumber(left) + toNumber(right);
        case '-':
          return toNumber(left) - toNumber(right);
        case '*':
          return toNumber(left) * toNumber(right);
        case '/':
          return toNumber(left) / toNumber(right);
        case '%':
          return toNumber(left) % toNumber(right);
        default:
          return compare(node.op, left, right);
      }
    }
  }
}

const parsed = new Map<string, Node>();

/** The syntax tree of one expression (the text inside `${ }`); throws ExpressionError on a mistake. */
export function parseExpression(text: string): Node {
  const cached = parsed.get(text);
  if (cached) return cached;
  if (text.length > MAX_LENGTH) throw new ExpressionError(`longer than ${MAX_LENGTH} characters`);
  const node = new Parser(tokenize(text)).parse();
  if (parsed.size > 1000) parsed.clear();
  parsed.set(text, node);
  return node;
}

/** Evaluates one expression over plain data (the process variables, usually). */
export function evaluateExpression(text: string, scope: Record<string, unknown>): unknown {
  return evaluate(parseExpression(text), scope);
}

const WHOLE = /^\$\{([\s\S]*)\}$/;

/**
 * Each `${…}` of a text (an expression ends at its first `}`), found in one scan: a pattern
 * retried from every `${` would take quadratic time on a text of many unclosed ones.
 */
export function embeddedExpressions(text: string): Array<{ start: number; end: number; inner: string }> {
  const found: Array<{ start: number; end: number; inner: string }> = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf('${', from);
    const close = start < 0 ? -1 : text.indexOf('}', start + 2);
    if (close < 0) return found;
    found.push({ start, end: close + 1, inner: text.slice(start + 2, close) });
    from = close + 1;
  }
}

/** The expressions inside `${ }` of a text (for checks at deploy time). */
export function expressionsIn(text: string): string[] {
  return embeddedExpressions(text).map((e) => e.inner);
}

/**
 * Resolves a text that may hold expressions: a text that is one `${…}` answers its value, `${…}`
 * inside other text is replaced by the value's text, and text without expressions is itself.
 */
export function resolveTemplate(text: string, scope: Record<string, unknown>): unknown {
  const whole = WHOLE.exec(text.trim());
  if (whole && !whole[1]!.includes('}')) return evaluateExpression(whole[1]!, scope);
  let out = '';
  let from = 0;
  for (const { start, end, inner } of embeddedExpressions(text)) {
    const value = evaluateExpression(inner, scope);
    out += text.slice(from, start) + (value === null || value === undefined ? '' : String(value));
    from = end;
  }
  return out + text.slice(from);
}
