/** Integer cents as yuan text with two decimals, by integer arithmetic (money is never a float). */
export function formatCents(value: unknown): string {
  const cents =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value !== ''
        ? Number(value)
        : Number.NaN;
  if (!Number.isSafeInteger(cents)) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const yuan = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}¥${yuan}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents (the wire) as the yuan a money input edits. */
export const centsToYuan = (cents: number): number => cents / 100;

/** Yuan from a money input as the cents the wire carries (rounded: 0.1 + 0.2 is no money). */
export const yuanToCents = (yuan: number): number => Math.round(yuan * 100);
