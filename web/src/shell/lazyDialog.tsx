import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A dialog whose code loads when it is first opened, so the shell's start-up carries none of it.
 * Until then it renders nothing (as a closed dialog does); once opened it stays mounted, so it
 * closes and reopens exactly as before.
 */
export function lazyDialog<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    return opened ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null;
  };
}
