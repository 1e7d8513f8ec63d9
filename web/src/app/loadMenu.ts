import { getRoutes } from '../api/menu';
import { setMenu, useSession } from '../store/session';
import { formatMenu, type MenuItem } from './menu';

/** Fetches the menu tree for a top menu ('' for all), applies the spec §2 rules and stores it. */
export async function loadMenu(topMenuId: string): Promise<MenuItem[]> {
  try {
    const tree = await getRoutes(topMenuId);
    const menu = formatMenu(tree, useSession.getState().roles);
    setMenu(menu, topMenuId);
    return menu;
  } catch (e) {
    useSession.setState({ menuLoaded: true });
    throw e;
  }
}
