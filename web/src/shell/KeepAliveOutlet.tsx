import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { ErrorBoundary } from '../app/ErrorBoundary';
import { useLayout } from '../store/layout';
import { useTabs } from '../store/tabsStore';

/**
 * Content area: pages whose tab is flagged keep-alive stay mounted (hidden) while other tabs are shown;
 * closing their tab or "clear cache" drops them.
 */
/** A page that fails to render shows an error in the content area; the shell stays usable. */
const PageError = lazy(() => import('./PageError').then((m) => ({ default: m.PageError })));

function PageBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={(error) => (
        <Suspense fallback={null}>
          <PageError message={error.message} />
        </Suspense>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const key = location.pathname + location.search;
  const tabs = useTabs((s) => s.list);
  const cacheVersion = useLayout((s) => s.cacheVersion);
  const cache = useRef(new Map<string, ReactNode>());
  const version = useRef(cacheVersion);

  if (version.current !== cacheVersion) {
    cache.current.clear();
    version.current = cacheVersion;
  }
  const keepAlive = tabs.some((t) => t.value === key && t.meta.keepAlive);
  if (keepAlive && !cache.current.has(key)) cache.current.set(key, outlet);

  useEffect(() => {
    for (const k of cache.current.keys()) {
      if (!tabs.some((t) => t.value === k)) cache.current.delete(k);
    }
  }, [tabs]);

  return (
    <>
      {[...cache.current].map(([k, node]) => (
        <div key={k} className="shell-page" data-path={k} style={{ display: k === key ? undefined : 'none' }}>
          <PageBoundary>{node}</PageBoundary>
        </div>
      ))}
      {keepAlive ? null : (
        <div key={key} className="shell-page" data-path={key}>
          <PageBoundary>{outlet}</PageBoundary>
        </div>
      )}
    </>
  );
}
