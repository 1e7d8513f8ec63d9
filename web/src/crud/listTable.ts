/**
 * The look every list table shares: rows keyed by their id, the middle size, borders, and a
 * sideways scroll when its columns are wider than the screen (375 px phones).
 */
export const LIST_TABLE = {
  rowKey: 'id',
  size: 'middle',
  bordered: true,
  scroll: { x: 'max-content' },
} as const;
