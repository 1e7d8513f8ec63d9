import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { website } from '../config';

/** A lazily loaded page whose code can be fetched ahead of its first render. */
export type LazyPage<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => void;
};

/** React.lazy with the spec's 120-second script chunk load time-out, and a preload. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  const page = lazy(() =>
    Promise.race([
      load(),
      new Promise<never>((_, reject) => {
        setTimeout(() => reject(new Error('Loading chunk timed out')), website.chunkLoadTimeout);
      }),
    ]),
  );
  // The browser keeps one copy of a module: loading it early makes the render find it ready.
  return Object.assign(page, { preload: () => void load().catch(() => {}) });
}
