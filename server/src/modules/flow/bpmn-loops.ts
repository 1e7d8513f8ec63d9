/** The parts of a parsed BPMN element the loop check reads. */
export interface FlowElement {
  $type: string;
  id?: string;
  name?: string;
  sourceRef?: { id?: string };
  targetRef?: { id?: string };
  flowElements?: FlowElement[];
}

/**
 * Elements where a running process stops and waits (for a person, a message or a timer). A loop
 * through one of them advances one round per wait; a loop through none of them runs forever
 * within a single step, so the engine recurses until its stack overflows.
 */
const WAITS = new Set([
  'bpmn:UserTask',
  'bpmn:ManualTask',
  'bpmn:ReceiveTask',
  'bpmn:IntermediateCatchEvent',
  'bpmn:EventBasedGateway',
  'bpmn:BoundaryEvent',
]);

const SEQUENCE_FLOW = 'bpmn:SequenceFlow';

function waits(element: FlowElement): boolean {
  return WAITS.has(element.$type) || (element.flowElements ?? []).some(waits);
}

/**
 * The first loop of sequence flows that passes no waiting element (names in order of the
 * search), looking into sub-processes too; undefined when every loop waits somewhere.
 */
export function loopWithoutWait(elements: FlowElement[] | undefined): string[] | undefined {
  const all = elements ?? [];
  const nodes = new Map(all.filter((e) => e.id && e.$type !== SEQUENCE_FLOW).map((e) => [e.id!, e]));
  const next = new Map<string, string[]>();
  for (const flow of all) {
    const from = flow.sourceRef?.id;
    const to = flow.targetRef?.id;
    if (flow.$type !== SEQUENCE_FLOW || !from || !to || !nodes.has(from) || !nodes.has(to)) continue;
    const list = next.get(from) ?? [];
    list.push(to);
    next.set(from, list);
  }
  for (const component of stronglyConnected([...nodes.keys()], next)) {
    const looped = component.length > 1 || (next.get(component[0]!) ?? []).includes(component[0]!);
    if (looped && !component.some((id) => waits(nodes.get(id)!)))
      return component.map((id) => nodes.get(id)!.name || id);
  }
  for (const node of nodes.values()) {
    const inner = node.flowElements ? loopWithoutWait(node.flowElements) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/**
 * Tarjan's strongly connected components, without recursion (a model may hold thousands of
 * elements in a chain).
 */
function stronglyConnected(ids: string[], next: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let counter = 0;
  for (const root of ids) {
    if (index.has(root)) continue;
    const work: Array<{ id: string; edge: number }> = [{ id: root, edge: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const edges = next.get(frame.id) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ id: to, edge: 0 });
        } else if (onStack.has(to)) low.set(frame.id, Math.min(low.get(frame.id)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(frame.id)!));
      if (low.get(frame.id) === index.get(frame.id)) {
        const component: string[] = [];
        let id: string;
        do {
          id = stack.pop()!;
          onStack.delete(id);
          component.push(id);
        } while (id !== frame.id);
        out.push(component.reverse());
      }
    }
  }
  return out;
}
