import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as rules from '@blade/schema';
import { resources } from '@blade/schema';
import { isSafePattern } from 'redos-detector';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');

interface Found {
  where: string;
  pattern: string;
  flags: string;
}

/** Every regular expression written in the server's and the schema's source (tests aside). */
function sourcePatterns(): Found[] {
  const files = execFileSync('git', ['ls-files', 'server/src/**.ts', 'schema/src/**.ts'], { cwd: ROOT })
    .toString()
    .trim()
    .split('\n')
    .filter((f) => !f.endsWith('.test.ts'));
  const found: Found[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(
      file,
      readFileSync(join(ROOT, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const where = (node: ts.Node) =>
      `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isRegularExpressionLiteral(node)) {
        const end = node.text.lastIndexOf('/');
        found.push({ where: where(node), pattern: node.text.slice(1, end), flags: node.text.slice(end + 1) });
      }
      // new RegExp('literal', 'flags'); patterns held in constants are checked where they are declared.
      if (ts.isNewExpression(node) && node.expression.getText() === 'RegExp') {
        const [pattern, flags] = node.arguments ?? [];
        if (pattern && ts.isStringLiteralLike(pattern))
          found.push({
            where: where(node),
            pattern: pattern.text,
            flags: flags && ts.isStringLiteralLike(flags) ? flags.text : '',
          });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The patterns of the shared rules and of every declared field (as the server and web use them). */
function declaredPatterns(): Found[] {
  const fromRules = Object.entries(rules)
    .filter(([, value]) => typeof value === 'string' && value.startsWith('^'))
    .map(([name, value]) => ({ where: `rules ${name}`, pattern: value as string, flags: '' }));
  const fromFields = Object.values(resources).flatMap((r) =>
    r.fields.flatMap((f) => {
      const pattern = rules.patternOf(f);
      return pattern ? [{ where: `${r.name}.${f.name}`, pattern: pattern.regex, flags: '' }] : [];
    }),
  );
  return [...fromRules, ...fromFields];
}

const verdict = (p: Found) =>
  isSafePattern(p.pattern, { caseInsensitive: p.flags.includes('i'), unicode: p.flags.includes('u') });

describe('regular expressions', () => {
  it('the checker finds the super-linear patterns it is here to catch', () => {
    // The e-mail pattern that let 'a@' + 60,000 dots + '@' block the server for seconds.
    expect(isSafePattern('^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$').safe).toBe(false);
    expect(isSafePattern('\\/+$').safe).toBe(false);
    expect(isSafePattern(rules.EMAIL).safe).toBe(true);
  });

  it('every pattern of the server and the schema matches in linear time', () => {
    const all = [...sourcePatterns(), ...declaredPatterns()];
    expect(all.length).toBeGreaterThan(100);
    const distinct = new Map(all.map((p) => [`/${p.pattern}/${p.flags}`, p]));
    const unsafe = [...distinct]
      .filter(([, p]) => !verdict(p).safe)
      .map(([text, p]) => `${p.where}: ${text}`);
    expect(unsafe, 'rewrite these so that every input matches in one way only').toEqual([]);
  }, 120_000);
});
