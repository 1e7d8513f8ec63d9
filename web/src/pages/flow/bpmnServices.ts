import type { ElementLike } from './taskAttributes';

/** The parts of bpmn-js's services the workflow pages use (kept local: diagram-js is not our dependency). */
export interface CanvasLike {
  addMarker: (id: string, marker: string) => void;
  zoom: (level: 'fit-viewport', center?: 'auto') => void;
  /** Re-reads the container's size. */
  resized: () => void;
}

/**
 * Fits the whole diagram in its box now and whenever the box changes size (a dialog opening
 * animates it from nothing, so a fit at import time alone leaves it tiny or cut off).
 */
export function keepFitted(container: HTMLElement, canvas: CanvasLike): () => void {
  const fit = () => {
    if (container.clientWidth === 0 || container.clientHeight === 0) return;
    canvas.resized();
    canvas.zoom('fit-viewport', 'auto');
  };
  fit();
  const observer = new ResizeObserver(fit);
  observer.observe(container);
  return () => observer.disconnect();
}

export interface ElementRegistryLike {
  get: (id: string) => ElementLike | undefined;
}

export interface SelectionEvent {
  newSelection: ElementLike[];
}

export interface ElementChangedEvent {
  element: ElementLike;
}

export interface EventBusLike {
  on: ((event: 'selection.changed', callback: (e: SelectionEvent) => void) => void) &
    ((event: 'element.changed', callback: (e: ElementChangedEvent) => void) => void);
}
