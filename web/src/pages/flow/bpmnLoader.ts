import type Modeler from 'bpmn-js/lib/Modeler';
import type NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';

let styles: Promise<unknown> | undefined;

/** bpmn-js's stylesheets, loaded once with the first diagram (only the workflow pages pay for them). */
function loadStyles(): Promise<unknown> {
  styles ??= Promise.all([
    import('bpmn-js/dist/assets/diagram-js.css'),
    import('bpmn-js/dist/assets/bpmn-js.css'),
    import('bpmn-js/dist/assets/bpmn-font/css/bpmn.css'),
    import('./diagram.css'),
  ]);
  return styles;
}

/** The modeler class, in its own chunk. */
export async function loadModeler(): Promise<typeof Modeler> {
  const [module] = await Promise.all([import('bpmn-js/lib/Modeler'), loadStyles()]);
  return module.default;
}

/** The read-only viewer with pan and zoom, in its own chunk. */
export async function loadViewer(): Promise<typeof NavigatedViewer> {
  const [module] = await Promise.all([import('bpmn-js/lib/NavigatedViewer'), loadStyles()]);
  return module.default;
}
