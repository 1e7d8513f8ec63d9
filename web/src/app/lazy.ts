import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { website } from '../config';
import { loadPageTexts } from '../i18n';

/** A lazily loaded page whose code can be fetched ahead of its first render. */
export type LazyPage<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => void;
};

interface LazyPageOptions {
  /** The page shows only texts built into the first script (the sign-in page), so it need not wait. */
  builtInTexts?: boolean;
}

/**
 * React.lazy with the spec's 120-second script chunk load time-out, and a preload. The page
 * renders once the texts beyond the sign-in form have arrived too, since it may show any of them.
 */
export function lazyPage<P extends object>(
  loadCode: () => Promise<{ default: ComponentType<P> }>,
  { builtInTexts = false }: LazyPageOptions = {},
): LazyPage<P> {
  const load = builtInTexts ? loadCode : () => Promise.all([loadCode(), loadPageTexts()]).then(([m]) => m);
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
