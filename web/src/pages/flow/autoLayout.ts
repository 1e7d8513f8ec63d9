/**
 * A left-to-right layout for diagrams that carry no diagram interchange (DI) section, such as the
 * seeded leave process or files written by hand: bpmn-js draws only what DI places. Nodes go in
 * columns by their longest distance from a start (loops ignored), flows run between them with
 * right-angled bends, and flows that loop back run underneath.
 */

const MODEL = 'http://www.omg.org/spec/BPMN/20100524/MODEL';
const BPMNDI = 'http://www.omg.org/spec/BPMN/20100524/DI';
const DC = 'http://www.omg.org/spec/DD/20100524/DC';
const DI = 'http://www.omg.org/spec/DD/20100524/DI';
const XMLNS = 'http://www.w3.org/2000/xmlns/';

const COLUMN = 160;
const ROW = 130;
const LEFT = 80;
const TOP = 80;

/** Process children that are not drawn as nodes. */
const NOT_NODES = new Set([
  'sequenceFlow',
  'laneSet',
  'documentation',
  'extensionElements',
  'association',
  'textAnnotation',
  'dataObject',
  'ioSpecification',
]);

export type Box = {
  x: number;
  y: number;
  width: number;
  height: number;
};

interface Flow {
  id: string;
  source: string;
  target: string;
}

function sizeOf(type: string): { width: number; height: number } {
  if (/Event$/.test(type)) return { width: 36, height: 36 };
  if (/Gateway$/.test(type)) return { width: 50, height: 50 };
  return { width: 100, height: 80 };
}

/** Flows that close a loop (they reach a node on the current depth-first path). */
function backEdges(starts: readonly string[], nodes: readonly string[], flows: readonly Flow[]): Set<string> {
  const out = new Map<string, Flow[]>();
  for (const f of flows) out.set(f.source, [...(out.get(f.source) ?? []), f]);
  const state = new Map<string, 'open' | 'done'>();
  const back = new Set<string>();
  const visit = (node: string) => {
    state.set(node, 'open');
    for (const f of out.get(node) ?? []) {
      const s = state.get(f.target);
      if (s === 'open') back.add(f.id);
      else if (!s) visit(f.target);
    }
    state.set(node, 'done');
  };
  for (const s of [...starts, ...nodes]) if (!state.has(s)) visit(s);
  return back;
}

/** Column of each node: its longest distance from a start along forward flows. */
export function columnsOf(nodes: readonly string[], flows: readonly Flow[], starts: readonly string[]) {
  const back = backEdges(starts, nodes, flows);
  const forward = flows.filter((f) => !back.has(f.id) && f.source !== f.target);
  const column = new Map<string, number>(nodes.map((n) => [n, 0]));
  // longest path by relaxation: at most |nodes| rounds on an acyclic graph
  for (let round = 0; round < nodes.length; round++) {
    let changed = false;
    for (const f of forward) {
      const next = (column.get(f.source) ?? 0) + 1;
      if (next > (column.get(f.target) ?? 0)) {
        column.set(f.target, next);
        changed = true;
      }
    }
    if (!changed) break;
  }
  return { column, back };
}

const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/**
 * How a flow runs: to the next column directly; over the top when it skips columns (it would cross
 * the nodes between); underneath when it loops back.
 */
export type Route = 'next' | 'skip' | 'back';

/** The bends of a flow between two boxes; `lanes` are the free heights above and below all nodes. */
export function waypoints(
  from: Box,
  to: Box,
  route: Route,
  lanes: { top: number; bottom: number },
): Array<{ x: number; y: number }> {
  const a = centre(from);
  const b = centre(to);
  if (route !== 'next') {
    const [y, fromY, toY] =
      route === 'back' ? [lanes.bottom, from.y + from.height, to.y + to.height] : [lanes.top, from.y, to.y];
    return [
      { x: a.x, y: fromY },
      { x: a.x, y },
      { x: b.x, y },
      { x: b.x, y: toY },
    ];
  }
  const start = { x: from.x + from.width, y: a.y };
  const end = { x: to.x, y: b.y };
  if (start.y === end.y) return [start, end];
  const mid = Math.round((start.x + end.x) / 2);
  return [start, { x: mid, y: start.y }, { x: mid, y: end.y }, end];
}

const hasDiagram = (doc: Document): boolean => doc.getElementsByTagNameNS(BPMNDI, 'BPMNShape').length > 0;

/** Adds a generated DI section to XML that has none; other XML (and unreadable XML) comes back unchanged. */
export function withLayout(xml: string): string {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const root = doc.documentElement;
  if (doc.getElementsByTagName('parsererror').length || root.namespaceURI !== MODEL || hasDiagram(doc))
    return xml;
  if (root.getElementsByTagNameNS(MODEL, 'collaboration').length) return xml;
  const process = root.getElementsByTagNameNS(MODEL, 'process')[0];
  if (!process) return xml;

  const children = [...process.children].filter((e) => e.namespaceURI === MODEL);
  const nodes = children.filter((e) => !NOT_NODES.has(e.localName) && e.getAttribute('id'));
  const flows: Flow[] = children
    .filter((e) => e.localName === 'sequenceFlow')
    .map((e) => ({
      id: e.getAttribute('id') ?? '',
      source: e.getAttribute('sourceRef') ?? '',
      target: e.getAttribute('targetRef') ?? '',
    }))
    .filter((f) => f.id && f.source && f.target);
  const boundary = nodes.filter((e) => e.localName === 'boundaryEvent');
  const placed = nodes.filter((e) => e.localName !== 'boundaryEvent');
  const ids = placed.map((e) => e.getAttribute('id') ?? '');
  const targets = new Set(flows.map((f) => f.target));
  const starts = ids.filter((id, i) => placed[i]?.localName === 'startEvent' || !targets.has(id));
  // flows leaving a boundary event start from its host's column
  const hostOf = new Map(
    boundary.map((b) => [b.getAttribute('id') ?? '', b.getAttribute('attachedToRef') ?? '']),
  );
  const layoutFlows = flows.map((f) => ({ ...f, source: hostOf.get(f.source) ?? f.source }));
  const { column, back } = columnsOf(ids, layoutFlows, starts);

  const boxes = new Map<string, Box>();
  const rows = new Map<number, number>();
  placed.forEach((e, i) => {
    const id = ids[i] ?? '';
    const col = column.get(id) ?? 0;
    const row = rows.get(col) ?? 0;
    rows.set(col, row + 1);
    const size = sizeOf(e.localName);
    const cx = LEFT + col * COLUMN + 50;
    const cy = TOP + row * ROW + 40;
    boxes.set(id, { x: cx - size.width / 2, y: cy - size.height / 2, ...size });
  });
  for (const b of boundary) {
    const host = boxes.get(b.getAttribute('attachedToRef') ?? '');
    if (host)
      boxes.set(b.getAttribute('id') ?? '', {
        x: host.x + host.width - 28,
        y: host.y + host.height - 18,
        width: 36,
        height: 36,
      });
  }
  const all = [...boxes.values()];
  const lanes = {
    top: Math.min(...all.map((b) => b.y)) - 30,
    bottom: Math.max(...all.map((b) => b.y + b.height)) + 40,
  };
  const routeOf = (f: Flow): Route => {
    if (back.has(f.id)) return 'back';
    const span = (column.get(f.target) ?? 0) - (column.get(hostOf.get(f.source) ?? f.source) ?? 0);
    return span > 1 ? 'skip' : 'next';
  };

  for (const [prefix, ns] of [
    ['bpmndi', BPMNDI],
    ['dc', DC],
    ['di', DI],
  ] as const)
    if (!root.lookupNamespaceURI(prefix)) root.setAttributeNS(XMLNS, `xmlns:${prefix}`, ns);
  const el = (ns: string, name: string, attrs: Record<string, string | number>) => {
    const e = doc.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    return e;
  };
  const diagram = el(BPMNDI, 'bpmndi:BPMNDiagram', { id: 'BPMNDiagram_generated' });
  const plane = el(BPMNDI, 'bpmndi:BPMNPlane', {
    id: 'BPMNPlane_generated',
    bpmnElement: process.getAttribute('id') ?? '',
  });
  diagram.appendChild(plane);
  for (const [id, box] of boxes) {
    const shape = el(BPMNDI, 'bpmndi:BPMNShape', { id: `${id}_di`, bpmnElement: id });
    shape.appendChild(el(DC, 'dc:Bounds', box));
    plane.appendChild(shape);
  }
  for (const f of flows) {
    const from = boxes.get(f.source);
    const to = boxes.get(f.target);
    if (!from || !to) continue;
    const edge = el(BPMNDI, 'bpmndi:BPMNEdge', { id: `${f.id}_di`, bpmnElement: f.id });
    for (const p of waypoints(from, to, routeOf(f), lanes)) edge.appendChild(el(DI, 'di:waypoint', p));
    plane.appendChild(edge);
  }
  root.appendChild(diagram);
  return new XMLSerializer().serializeToString(doc);
}
