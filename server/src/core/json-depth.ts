import { AppError } from './errors.js';

/**
 * Deepest nesting of arrays and objects a request may send. Real bodies (reports, order lines,
 * workflow variables) nest a few levels; thousands of levels only serve to overflow the stack of
 * whatever walks the value later (JSON.stringify, validators).
 */
export const MAX_JSON_DEPTH = 32;

/** Whether JSON text nests arrays and objects deeper than `max`: one pass, strings skipped. */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

export const jsonTooDeep = () => new AppError(400, 'jsonTooDeep', { max: MAX_JSON_DEPTH });

/** JSON.parse, refusing text that nests deeper than MAX_JSON_DEPTH (400); a SyntaxError otherwise. */
export function parseJsonText(text: string): unknown {
  if (nestsDeeperThan(text)) throw jsonTooDeep();
  return JSON.parse(text);
}
