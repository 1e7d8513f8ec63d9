import { describe, expect, it } from 'vitest';
import { circles, importGraph, linesOf, sourcesBelow } from './code-shape.js';

/** The packages whose sources are held to one shape. */
const SOURCES = ['server/src', 'web/src', 'schema/src'];

/** Most lines a source file holds: past this a file holds more than one concern (issue 42). */
const MAX_LINES = 450;

/** Tables of data rather than code: seeds, migrations, texts, lists. */
const DATA = [
  /^server\/src\/db\/(seed|migrations)\//,
  /^server\/src\/modules\/user\/common-passwords\.ts$/,
  // The web's texts: one key a line, in both languages.
  /^web\/src\/i18n\//,
];

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('server/src/test/');

/**
 * Circles known and being removed, each as its files sorted (none now). One listed here is
 * tolerated while it lasts; any other fails.
 */
const KNOWN_CIRCLES: string[][] = [];

describe('the shape of the code', () => {
  it('has no circle of imports (type-only, re-exports and dynamic imports count)', () => {
    const found = circles(importGraph(SOURCES));
    const known = new Set(KNOWN_CIRCLES.map((c) => c.join(' ⇄ ')));
    expect(found.map((c) => c.join(' ⇄ ')).filter((c) => !known.has(c))).toEqual([]);
  });

  it(`has no source file over ${MAX_LINES} lines outside data, seeds, migrations and tests`, () => {
    const long = SOURCES.flatMap(sourcesBelow)
      .filter((file) => !isTest(file) && !DATA.some((d) => d.test(file)))
      .map((file) => ({ file, lines: linesOf(file) }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it('finds circles of every length, and none in a chain (the search itself works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', ['e']],
      ['e', []],
      ['f', ['f']],
      ['g', ['d']],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c'], ['f']]);
    expect(
      circles(
        new Map([
          ['x', ['y']],
          ['y', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads the imports the compiler sees: type-only, re-exports, dynamic, .js and .tsx', () => {
    const graph = importGraph(['server/src/modules/job', 'web/src/app']);
    // A `.js` specifier that names a `.ts` file.
    expect(graph.get('server/src/modules/job/scheduler.ts')).toContain(
      'server/src/modules/job/run-records.ts',
    );
    // A type-only import.
    expect(graph.get('server/src/modules/job/job-service.ts')).toContain(
      'server/src/modules/job/scheduler.ts',
    );
    expect([...graph.keys()].some((f) => f.endsWith('.tsx'))).toBe(true);
  });
});
