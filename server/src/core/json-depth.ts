import { AppError } from './errors.js';

/**
 * Deepest nesting of arrays and objects a request may send. Real bodies (reports, order lines,
 * workflow variables) nest a few levels; thousands of levels only serve to overflow the stack of
 * whatever walks the value later (JSON.stringify, validators).
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests arrays and objects deeper than `max`: one pass that jumps from bracket
 * to bracket and over strings (native searches, not a loop over every character), so a body of a
 * megabyte costs about as much as parsing it.
 */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  const marks = /["[\]{}]/g;
  let depth = 0;
  for (let mark = marks.exec(text); mark; mark = marks.exec(text)) {
    const c = text.charCodeAt(mark.index);
    if (c === 34 /* " */) {
      const end = closingQuote(text, mark.index);
      if (end < 0) return false;
      marks.lastIndex = end + 1;
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else depth--;
  }
  return false;
}

/** The quote that closes the string opening at `open` (one not escaped by a backslash), or -1. */
function closingQuote(text: string, open: number): number {
  for (let end = text.indexOf('"', open + 1); end >= 0; end = text.indexOf('"', end + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === 92 /* \ */) backslashes++;
    if (backslashes % 2 === 0) return end;
  }
  return -1;
}

export const jsonTooDeep = () => new AppError(400, 'jsonTooDeep', { max: MAX_JSON_DEPTH });

/** JSON.parse, refusing text that nests deeper than MAX_JSON_DEPTH (400); a SyntaxError otherwise. */
export function parseJsonText(text: string): unknown {
  if (nestsDeeperThan(text)) throw jsonTooDeep();
  return JSON.parse(text);
}
