import { useMemo } from 'react';
import type { MenuItem } from '../../../app/menu';
import { useSession } from '../../../store/session';

/** The menu codes that may read the mall figures (GET /api/mall/dashboard). */
const MALL_CODES = new Set(['mall', 'order', 'product']);

/** Whether the menu, at any depth, holds an entry of one of the codes. */
const holdsMenu = (items: readonly MenuItem[], codes: ReadonlySet<string>): boolean =>
  items.some((m) => (m.code !== undefined && codes.has(m.code)) || holdsMenu(m.children, codes));

/** Whether the user may see the mall figures: their menu holds a mall screen (the server's rule for them). */
export function useSeesMall(): boolean {
  const menu = useSession((s) => s.menu);
  return useMemo(() => holdsMenu(menu, MALL_CODES), [menu]);
}
