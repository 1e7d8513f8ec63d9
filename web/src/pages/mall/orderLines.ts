/** One line of a new order; prices and amounts come from the server. */
export interface OrderLine {
  productId?: string;
  quantity: number;
}

/** A line of a placed order as its detail answers it. */
export interface PlacedLine {
  productId: string;
  productName: string;
  price: number;
  quantity: number;
  amount: number;
}

export const asLines = (value: unknown): OrderLine[] => (Array.isArray(value) ? (value as OrderLine[]) : []);

export const withLine = (lines: readonly OrderLine[]): OrderLine[] => [...lines, { quantity: 1 }];

export const changeLine = (
  lines: readonly OrderLine[],
  index: number,
  patch: Partial<OrderLine>,
): OrderLine[] => lines.map((line, i) => (i === index ? { ...line, ...patch } : line));

export const withoutLine = (lines: readonly OrderLine[], index: number): OrderLine[] =>
  lines.filter((_, i) => i !== index);

/** The lines worth sending: a product chosen and a positive whole quantity. */
export const completeLines = (lines: readonly OrderLine[]): Required<OrderLine>[] =>
  lines.filter(
    (l): l is Required<OrderLine> => !!l.productId && Number.isInteger(l.quantity) && l.quantity > 0,
  );

export const placedLines = (value: unknown): PlacedLine[] =>
  Array.isArray(value) ? (value as PlacedLine[]) : [];
