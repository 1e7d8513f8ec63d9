import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { website } from '../config';
import { loadPageTexts } from '../i18n';

/** A lazily loaded page whose code, and first data, can be fetched ahead of its first render. */
export type LazyPage<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => void;
};

/** A page's module: the page, and what starts its first calls before it renders (when it has any). */
export interface PageModule<P extends object> {
  default: ComponentType<P>;
  prefetch?: () => void;
}

interface LazyPageOptions {
  /** The page shows only texts built into the first script (the sign-in page), so it need not wait. */
  builtInTexts?: boolean;
}

/**
 * React.lazy with the spec's 120-second script chunk load time-out, and a preload. The page
 * renders once the texts beyond the sign-in form have arrived too, since it may show any of them.
 */
export function lazyPage<P extends object>(
  loadCode: () => Promise<PageModule<P>>,
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
  // The browser keeps one copy of a module: loading it early makes the render find it ready, and
  // the page's first calls go out as soon as its code knows them.
  return Object.assign(page, {
    preload: () =>
      void load()
        .then((m) => m.prefetch?.())
        .catch(() => {}),
  });
}
