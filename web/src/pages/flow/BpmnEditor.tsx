import { Alert, Spin } from 'antd';
import type Modeler from 'bpmn-js/lib/Modeler';
import { type RefObject, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useLanguageStore, useT } from '../../i18n';
import { withLayout } from './autoLayout';
import { bpmnTranslate } from './bpmnChinese';
import { loadModeler } from './bpmnLoader';
import { type CanvasLike, type EventBusLike, keepFitted } from './bpmnServices';
import { ensureFlowableNamespace } from './bpmnXml';
import { TaskPropertiesPanel } from './TaskPropertiesPanel';
import type { ElementLike, ModelingLike } from './taskAttributes';
import './designer.css';

/**
 * How far the palette reaches into the canvas from its left edge, in pixels (0 without one). Read
 * from layout, not the screen: an opening dialog scales the canvas while it animates.
 */
function paletteEdge(canvas: HTMLElement): number {
  const palette = canvas.querySelector<HTMLElement>('.djs-palette');
  return palette ? palette.offsetLeft + palette.offsetWidth : 0;
}

/** What the designer dialog asks of the editor. */
export interface EditorHandle {
  /** The diagram's XML, its process renamed to the model's key and name, with xmlns:flowable declared. */
  xml: (process: { id: string; name: string }) => Promise<string>;
}

interface CanvasRoot {
  getRootElement: () => ElementLike;
}

/** A bpmn-js modeler with our small properties panel for user tasks. */
export function BpmnEditor({ xml, handle }: { xml: string; handle: RefObject<EditorHandle | null> }) {
  const t = useT();
  const host = useRef<HTMLDivElement>(null);
  const modeler = useRef<Modeler | null>(null);
  const [modeling, setModeling] = useState<ModelingLike | null>(null);
  const [selected, setSelected] = useState<ElementLike | null>(null);
  /** Bumped when the selected element changes underneath the panel (undo, redo). */
  const [revision, setRevision] = useState(0);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useImperativeHandle(handle, () => ({
    xml: async (process) => {
      const current = modeler.current;
      if (!current) throw new Error('modeler not ready');
      const root = current.get<CanvasRoot>('canvas').getRootElement();
      if (root.businessObject?.$type === 'bpmn:Process' && process.id)
        current.get<ModelingLike>('modeling').updateProperties(root, { id: process.id, name: process.name });
      const { xml: saved } = await current.saveXML({ format: true });
      return ensureFlowableNamespace(saved ?? '');
    },
  }));

  useEffect(() => {
    let live = true;
    let unfit = () => {};
    void (async () => {
      try {
        const Modeler = await loadModeler();
        if (!live || !host.current) return;
        // Keyboard shortcuts bind to the canvas itself (bpmn-js 18 refuses `keyboard.bindTo`).
        const instance = new Modeler({
          container: host.current,
          // The language at opening: a later switch must not rebuild the diagram under its edits.
          additionalModules: [{ translate: ['value', bpmnTranslate(useLanguageStore.getState().language)] }],
        });
        modeler.current = instance;
        await instance.importXML(withLayout(xml));
        const events = instance.get<EventBusLike>('eventBus');
        events.on('selection.changed', (e) =>
          setSelected(e.newSelection.length === 1 ? (e.newSelection[0] ?? null) : null),
        );
        events.on('element.changed', () => setRevision((r) => r + 1));
        const box = host.current;
        if (box) unfit = keepFitted(box, instance.get<CanvasLike>('canvas'), () => paletteEdge(box));
        setModeling(instance.get<ModelingLike>('modeling'));
        if (live) setState('ready');
      } catch {
        if (live) setState('failed');
      }
    })();
    return () => {
      live = false;
      unfit();
      modeler.current?.destroy();
      modeler.current = null;
    };
  }, [xml]);

  return (
    <div className="flow-editor" data-state={state}>
      <div className="flow-editor-canvas">
        {state === 'failed' && <Alert type="error" showIcon message={t('flow.diagramFailed')} />}
        {state === 'loading' && <Spin style={{ position: 'absolute', inset: 0, margin: 'auto' }} />}
        <div ref={host} className="flow-canvas" />
      </div>
      <div className="flow-editor-panel">
        <TaskPropertiesPanel element={selected} modeling={modeling} revision={revision} />
      </div>
    </div>
  );
}
