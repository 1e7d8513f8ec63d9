import { startTransition, useEffect, useRef, useState } from 'react';

/** The lowest a table row is, in pixels (a compact row of plain text). */
const LOWEST_ROW = 39;

/** Rows a first paint shows at once: as many as the window could hold, however it is scrolled. */
export const firstRows = (): number => Math.max(12, Math.ceil((window.innerHeight || 1000) / LOWEST_ROW));

/**
 * A large page (100 or 200 rows) is shown in two steps: the rows a screen holds paint at once,
 * the rest follow as an interruptible render, so the page answers clicks and scrolls meanwhile.
 * Rendering 200 rows of inputs, tags and buttons in one go keeps the screen blank for a second
 * or more on a modest machine; what is on screen should not wait for what is below it.
 * Only a page larger than the one before is stepped: a reload after an edit, or an expanded tree
 * node, shows every row at once, so the table never shortens under the reader's scroll position.
 */
export function useProgressiveRows<T>(rows: readonly T[]): readonly T[] {
  /** The page allowed to show whole (set once its first rows have painted). */
  const [whole, setWhole] = useState<readonly T[] | null>(null);
  /** How many rows the table held at the last commit. */
  const held = useRef(0);
  const count = whole === rows ? rows.length : Math.min(rows.length, Math.max(firstRows(), held.current));
  useEffect(() => {
    held.current = count;
    if (count >= rows.length) return;
    // After the first rows have painted (a frame), the rest as a transition.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setWhole(rows)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [rows, count]);
  return count >= rows.length ? rows : rows.slice(0, count);
}
