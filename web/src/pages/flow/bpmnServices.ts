import type { ElementLike } from './taskAttributes';

/** The parts of bpmn-js's services the workflow pages use (kept local: diagram-js is not our dependency). */
export interface CanvasLike {
  addMarker: (id: string, marker: string) => void;
  zoom: (level: 'fit-viewport', center?: 'auto') => void;
  /** Re-reads the container's size. */
  resized: () => void;
  /** The visible part of the diagram (diagram units) and, as `inner`, the diagram's own bounds. */
  viewbox: ((box: Box) => void) & (() => Box & { inner: Box });
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Room left around a fitted diagram, in screen pixels. */
const MARGIN = 16;

/**
 * The viewbox that shows the whole diagram (`inner`) in a `width` × `height` box, left of which
 * `inset` pixels are covered (the designer's palette): centred in the free part, never enlarged.
 */
export function viewboxBeside(inner: Box, width: number, height: number, inset: number): Box {
  const free = Math.max(width - inset, width / 2);
  const scale = Math.min(
    1,
    (free - 2 * MARGIN) / Math.max(inner.width, 1),
    (height - 2 * MARGIN) / Math.max(inner.height, 1),
  );
  const left = width - free + (free - inner.width * scale) / 2;
  const top = (height - inner.height * scale) / 2;
  return {
    x: inner.x - left / scale,
    y: inner.y - top / scale,
    width: width / scale,
    height: height / scale,
  };
}

/**
 * Fits the whole diagram in its box now and whenever the box changes size (a dialog opening
 * animates it from nothing, so a fit at import time alone leaves it tiny or cut off). With
 * `covered`, the fit keeps clear of what covers the box's left edge (the designer's palette, which
 * on a phone is a third of the canvas).
 */
export function keepFitted(container: HTMLElement, canvas: CanvasLike, covered?: () => number): () => void {
  const fit = () => {
    const { clientWidth: width, clientHeight: height } = container;
    if (width === 0 || height === 0) return;
    canvas.resized();
    canvas.zoom('fit-viewport', 'auto');
    const inset = covered?.() ?? 0;
    if (inset > 0) canvas.viewbox(viewboxBeside(canvas.viewbox().inner, width, height, inset));
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
