/**
 * What antd reads from the browser that jsdom lacks, for tests that render antd components:
 * matchMedia (its responsive helpers), pseudo-element styles (its scrollbar measuring) and
 * ResizeObserver (its virtual lists, as in Tree; jsdom lays nothing out, so nothing is observed).
 * Call it in a test file's beforeAll.
 */
export function prepareAntdInJsdom(): void {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
  // jsdom has no pseudo-element styles: drop the second argument antd passes
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
  // antd reads the global binding, which in Vitest's jsdom is not the window object
  if (!('ResizeObserver' in globalThis))
    Object.defineProperty(globalThis, 'ResizeObserver', {
      writable: true,
      configurable: true,
      value: class {
        observe(): void {}
        unobserve(): void {}
        disconnect(): void {}
      },
    });
}
