import type { ElementLike } from './taskAttributes';

/** The parts of bpmn-js's services the workflow pages use (kept local: diagram-js is not our dependency). */
export interface CanvasLike {
  addMarker: (id: string, marker: string) => void;
  zoom: (level: 'fit-viewport') => void;
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
