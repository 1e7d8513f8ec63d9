import { describe, expect, it } from 'vitest';
import { changeLine, completeLines, withLine, withoutLine } from './orderLines';

describe('order lines', () => {
  it('adds, changes and removes lines without touching the others', () => {
    const one = withLine([]);
    expect(one).toEqual([{ quantity: 1 }]);
    const two = withLine(changeLine(one, 0, { productId: '7' }));
    expect(two).toEqual([{ productId: '7', quantity: 1 }, { quantity: 1 }]);
    expect(withoutLine(two, 0)).toEqual([{ quantity: 1 }]);
  });

  it('sends only lines with a product and a positive whole quantity', () => {
    expect(
      completeLines([
        { productId: '1', quantity: 2 },
        { quantity: 3 },
        { productId: '2', quantity: 0 },
        { productId: '3', quantity: 1.5 },
      ]),
    ).toEqual([{ productId: '1', quantity: 2 }]);
  });
});
