/** The parts of a parsed BPMN element the loop check reads. */
export interface FlowElement {
  $type: string;
  id?: string;
  name?: string;
  sourceRef?: { id?: string };
  targetRef?: { id?: string };
  attachedToRef?: { id?: string };
  eventDefinitions?: TimerDefinition[];
  flowElements?: FlowElement[];
}

/** An event definition; a timer's has one of the three time expressions. */
interface TimerDefinition {
  $type: string;
  timeDuration?: { body?: string };
  timeCycle?: { body?: string };
  timeDate?: { body?: string };
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
  const { nodes, next } = graphOf(elements, () => true);
  for (const component of loops(nodes, next)) {
    if (!component.some((id) => waits(nodes.get(id)!)))
      return component.map((id) => nodes.get(id)!.name || id);
  }
  for (const node of nodes.values()) {
    const inner = node.flowElements ? loopWithoutWait(node.flowElements) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/**
 * The flow nodes of a level and where each leads by its sequence flows, for the nodes a process
 * leaves without waiting for anything outside (`leaves`); `link` adds another way on.
 */
function graphOf(elements: FlowElement[] | undefined, leaves: (node: FlowElement) => boolean) {
  const all = elements ?? [];
  const nodes = new Map(all.filter((e) => e.id && e.$type !== SEQUENCE_FLOW).map((e) => [e.id!, e]));
  const next = new Map<string, string[]>();
  const link = (from: string | undefined, to: string | undefined) => {
    if (from && to && nodes.has(from) && nodes.has(to)) next.set(from, [...(next.get(from) ?? []), to]);
  };
  for (const flow of all)
    if (
      flow.$type === SEQUENCE_FLOW &&
      nodes.has(flow.sourceRef?.id ?? '') &&
      leaves(nodes.get(flow.sourceRef!.id!)!)
    )
      link(flow.sourceRef?.id, flow.targetRef?.id);
  return { nodes, next, link };
}

/** The strongly connected components that hold a loop. */
function loops(nodes: Map<string, FlowElement>, next: Map<string, string[]>): string[][] {
  return stronglyConnected([...nodes.keys()], next).filter(
    (component) => component.length > 1 || (next.get(component[0]!) ?? []).includes(component[0]!),
  );
}

const timerOf = (element: FlowElement): TimerDefinition | undefined =>
  element.eventDefinitions?.find((d) => d.$type === 'bpmn:TimerEventDefinition');

/** The units of an ISO 8601 duration, in the order they may appear, before and after its `T`. */
const DATE_UNITS: ReadonlyArray<readonly [string, number]> = [
  ['Y', 365 * 86_400],
  ['M', 30 * 86_400],
  ['W', 7 * 86_400],
  ['D', 86_400],
];
const TIME_UNITS: ReadonlyArray<readonly [string, number]> = [
  ['H', 3_600],
  ['M', 60],
  ['S', 1],
];
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** Where the number starting at `i` ends (digits, then a decimal point or comma and digits). */
function numberEnd(s: string, i: number): number {
  let end = i;
  while (isDigit(s[end])) end++;
  if (end > i && (s[end] === '.' || s[end] === ',') && isDigit(s[end + 1])) {
    end++;
    while (isDigit(s[end])) end++;
  }
  return end;
}

/**
 * Seconds of an ISO 8601 duration (`PT1S`, `P1D`), or undefined when it is not one. Read part by
 * part, each unit at most once and in order, so no text is matched in more than one way.
 */
export function durationSeconds(text: string): number | undefined {
  const s = text.trim().toUpperCase();
  if (s.length < 3 || s[0] !== 'P') return undefined;
  let units = DATE_UNITS;
  let next = 0;
  let seconds = 0;
  let parts = 0;
  for (let i = 1; i < s.length; ) {
    if (s[i] === 'T') {
      if (units === TIME_UNITS) return undefined;
      units = TIME_UNITS;
      next = 0;
      i++;
      continue;
    }
    const end = numberEnd(s, i);
    const unit = s[end];
    if (end === i || unit === undefined) return undefined;
    const at = units.findIndex(([name], index) => index >= next && name === unit);
    if (at < 0) return undefined;
    seconds += Number(s.slice(i, end).replace(',', '.')) * units[at]![1];
    next = at + 1;
    parts++;
    i = end + 1;
  }
  return parts > 0 ? seconds : undefined;
}

/**
 * How a timer would hold up a loop: its text when it may wait less than `minSeconds`, undefined
 * when it waits at least that long. A duration or a cycle's period is measured; a date has
 * passed after the first round, so it waits no more; a `${…}` is known only when it runs, where
 * the same minimum applies.
 */
function shortTimer(timer: TimerDefinition, minSeconds: number): string | undefined {
  const text = (timer.timeDuration ?? timer.timeCycle ?? timer.timeDate)?.body?.trim() ?? '';
  if (text.includes('${')) return undefined;
  if (timer.timeDate) return text;
  const period = text.slice(text.lastIndexOf('/') + 1);
  const seconds = durationSeconds(period);
  return seconds !== undefined && seconds >= minSeconds ? undefined : text;
}

/**
 * The first loop that nothing but short timers hold up (names in order of the search, and those
 * timers), looking into sub-processes too: each round waits less than `minSeconds`, so it fires
 * over and over. A loop through a wait for a person or a message, or a timer of at least
 * `minSeconds`, is not one.
 */
export function timerLoop(
  elements: FlowElement[] | undefined,
  minSeconds: number,
): { loop: string[]; timers: string[] } | undefined {
  const short = new Map<string, string>();
  const leaves = (node: FlowElement): boolean => {
    const timer = timerOf(node);
    if (timer) {
      const text = shortTimer(timer, minSeconds);
      if (text !== undefined) short.set(node.id!, `${node.name || node.id}: ${text}`);
      return text !== undefined;
    }
    // Any other wait is for a person or a message; a sub-process is when anything inside waits.
    return !waits(node);
  };
  const { nodes, next, link } = graphOf(elements, leaves);
  for (const node of nodes.values())
    if (node.$type === 'bpmn:BoundaryEvent' && timerOf(node)) link(node.attachedToRef?.id, node.id);
  for (const component of loops(nodes, next)) {
    const timers = component.flatMap((id) => short.get(id) ?? []);
    if (timers.length) return { loop: component.map((id) => nodes.get(id)!.name || id), timers };
  }
  for (const node of nodes.values()) {
    const inner = node.flowElements ? timerLoop(node.flowElements, minSeconds) : undefined;
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
