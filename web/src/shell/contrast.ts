/** WCAG 2 AA contrast for normal-size text. */
export const AA_TEXT = 4.5;

function channels(hex: string): [number, number, number] | undefined {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return undefined;
  const n = Number.parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const x = channels(a);
  const y = channels(b);
  if (!x || !y) return 1;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The colour, mixed with black (on a light background) or white (on a dark one) just enough to
 * reach AA contrast against `background`, so a chosen brand colour keeps its hue but stays
 * readable as text, and under white text as a button or selected item. Other notations pass as they are.
 */
export function readableOn(color: string, background: string): string {
  const c = channels(color);
  const bg = channels(background);
  if (!c || !bg) return color;
  const toward = luminance(bg) > 0.18 ? 0 : 255;
  for (let step = 0; step <= 100; step++) {
    const w = step / 100;
    const mixed = c.map((v) => Math.round(v * (1 - w) + toward * w)) as [number, number, number];
    const hex = `#${mixed.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    if (contrast(hex, background) >= AA_TEXT) return step === 0 ? color : hex;
  }
  return color;
}
