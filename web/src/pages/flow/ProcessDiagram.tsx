import { Alert, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { withLayout } from './autoLayout';
import { loadViewer } from './bpmnLoader';
import { type CanvasLike, type ElementRegistryLike, keepFitted } from './bpmnServices';

export interface ProcessDiagramProps {
  xml: string;
  /** Activities already passed: marked `flow-finished`. */
  finished?: readonly string[];
  /** Activities waiting now: marked `flow-current`. */
  current?: readonly string[];
  height?: number;
}

/** A read-only diagram (pan and zoom) with the finished and the current activities highlighted. */
export function ProcessDiagram({ xml, finished = [], current = [], height = 420 }: ProcessDiagramProps) {
  const t = useT();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const marks = JSON.stringify([finished, current]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the markers are keyed by their JSON
  useEffect(() => {
    let live = true;
    let destroy = () => {};
    setState('loading');
    void (async () => {
      try {
        const Viewer = await loadViewer();
        if (!live || !host.current) return;
        const viewer = new Viewer({ container: host.current });
        destroy = () => viewer.destroy();
        await viewer.importXML(withLayout(xml));
        const canvas = viewer.get<CanvasLike>('canvas');
        const registry = viewer.get<ElementRegistryLike>('elementRegistry');
        const mark = (ids: readonly string[], cls: string) => {
          for (const id of ids) if (registry.get(id)) canvas.addMarker(id, cls);
        };
        mark(
          finished.filter((id) => !current.includes(id)),
          'flow-finished',
        );
        mark(current, 'flow-current');
        const unfit = keepFitted(host.current, canvas);
        destroy = () => {
          unfit();
          viewer.destroy();
        };
        if (live) setState('ready');
      } catch {
        if (live) setState('failed');
      }
    })();
    return () => {
      live = false;
      destroy();
    };
  }, [xml, marks]);

  return (
    <div className="flow-diagram" data-state={state} style={{ position: 'relative', height }}>
      {state === 'failed' && <Alert type="error" showIcon message={t('flow.diagramFailed')} />}
      {state === 'loading' && <Spin style={{ position: 'absolute', inset: 0, margin: 'auto' }} />}
      <div ref={host} className="flow-canvas" />
    </div>
  );
}
