import { describe, expect, it } from 'vitest';
import { type Box, viewboxBeside } from './bpmnServices';

/** Where a diagram point lands on screen under a viewbox shown in a box `width` pixels wide. */
const onScreen = (view: Box, width: number, x: number, y: number) => {
  const scale = width / view.width;
  return { x: (x - view.x) * scale, y: (y - view.y) * scale };
};

describe('viewboxBeside', () => {
  const diagram: Box = { x: 100, y: 50, width: 600, height: 100 };

  it('puts the whole diagram right of what covers the left edge (a phone canvas with the palette)', () => {
    const view = viewboxBeside(diagram, 310, 440, 115);
    const left = onScreen(view, 310, diagram.x, diagram.y);
    const right = onScreen(view, 310, diagram.x + diagram.width, diagram.y + diagram.height);
    expect(left.x).toBeGreaterThanOrEqual(115);
    expect(right.x).toBeLessThanOrEqual(310);
    expect(left.y).toBeGreaterThanOrEqual(0);
    expect(right.y).toBeLessThanOrEqual(440);
    // centred in the free part
    expect(left.x - 115).toBeCloseTo(310 - right.x, 5);
  });

  it('never enlarges a small diagram, and keeps it whole where nothing covers the canvas', () => {
    const view = viewboxBeside({ x: 0, y: 0, width: 100, height: 50 }, 1000, 600, 0);
    expect(view.width).toBe(1000);
    const left = onScreen(view, 1000, 0, 0);
    expect(left.x).toBeCloseTo(450, 5);
    expect(left.y).toBeCloseTo(275, 5);
  });

  it('keeps at least half the canvas for the diagram whatever the cover', () => {
    const view = viewboxBeside(diagram, 300, 400, 280);
    expect(onScreen(view, 300, diagram.x, diagram.y).x).toBeGreaterThanOrEqual(150);
    expect(onScreen(view, 300, diagram.x + diagram.width, 0).x).toBeLessThanOrEqual(300);
  });
});
