import { useNavigate } from 'react-router';
import type { MenuItem } from '../app/menu';

/** Opens a menu entry: new-window items in a new window, others as a route. */
export function useMenuNavigate(): (item: MenuItem) => void {
  const navigate = useNavigate();
  return (item) => {
    if (item.newWindow) {
      window.open(item.external ? item.rawPath : item.path, '_blank', 'noopener');
      return;
    }
    navigate(item.path);
  };
}
