/**
 * Slashes cut from the end (and, with `both`, the start) of a text. A loop rather than `/\/+$/`,
 * which scans the rest of the text again at every slash (quadratic on a long run of them).
 */
export function trimSlashes(text: string, ends: 'end' | 'both' = 'end'): string {
  let start = 0;
  let end = text.length;
  if (ends === 'both') while (start < end && text[start] === '/') start++;
  while (end > start && text[end - 1] === '/') end--;
  return text.slice(start, end);
}
