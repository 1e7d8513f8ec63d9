import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { website } from '../config';

/** React.lazy with the spec's 120-second script chunk load time-out. */
export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    Promise.race([
      load(),
      new Promise<never>((_, reject) => {
        setTimeout(() => reject(new Error('Loading chunk timed out')), website.chunkLoadTimeout);
      }),
    ]),
  );
}
