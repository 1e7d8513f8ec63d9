/**
 * The shape of the code the tests hold it to: which source files import which (to find circles
 * of imports) and how long each is. Imports are read with the TypeScript compiler's own scanner
 * (static, type-only, re-exports and dynamic `import()`) and resolved as the compiler resolves
 * them, so `./x.js` finds `x.ts` and `./page` finds `page.tsx`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const ROOT = join(import.meta.dirname, '..');

const OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  allowImportingTsExtensions: true,
};

/** Every TypeScript source below `dir` (tests too), as paths relative to the repository. */
export function sourcesBelow(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesBelow(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The files among `files` that `file` imports by a relative path. */
export function importsOf(file: string, files: ReadonlySet<string>): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const found = new Set<string>();
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const resolved = ts.resolveModuleName(fileName, join(ROOT, file), OPTIONS, ts.sys).resolvedModule;
    const target = resolved && relative(ROOT, resolved.resolvedFileName);
    if (target && files.has(target)) found.add(target);
  }
  return [...found];
}

/** Who imports whom among the sources below `dirs`. */
export function importGraph(dirs: string[], keep: (file: string) => boolean = () => true) {
  const files = new Set(dirs.flatMap(sourcesBelow).filter(keep));
  return new Map([...files].map((file) => [file, importsOf(file, files)]));
}

/**
 * The circles of a graph: each set of files that reach one another through imports (a strongly
 * connected component of two or more, or a file importing itself), its files sorted.
 */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative so a deep import chain does not overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work.at(-1)!;
      const edges = graph.get(top.node) ?? [];
      if (top.edge < edges.length) {
        const to = edges[top.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) !== index.get(top.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== top.node);
      if (component.length > 1 || edges.includes(top.node)) found.push(component.sort());
    }
  }
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The number of lines of a file (a last line without a newline counts). */
export const linesOf = (file: string): number => {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
};
