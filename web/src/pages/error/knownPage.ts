import { resources, withScreens } from '@blade/schema';
import { pageFor } from '../menuPages';

const base = (path: string): string =>
  `/${path.split('?')[0]?.replace(/^\/+|\/+$/g, '') ?? ''}`.replace(/\/index$/, '');

/**
 * Whether a path is one of this app's pages (a built page or a declared screen), though not in the
 * signed-in user's menu: that user lacks access to it, the page is not missing.
 */
export function isKnownPage(path: string): boolean {
  const clean = base(path);
  if (clean === '/') return false;
  return !!pageFor(clean) || withScreens(Object.values(resources)).some((r) => base(r.screen.path) === clean);
}
