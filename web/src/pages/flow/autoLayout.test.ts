// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { columnsOf, waypoints, withLayout } from './autoLayout';

const LOOP = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" id="d" targetNamespace="x">
  <process id="review" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="check" />
    <userTask id="check" flowable:assignee="1" />
    <sequenceFlow id="f2" sourceRef="check" targetRef="decide" />
    <exclusiveGateway id="decide" default="again" />
    <sequenceFlow id="ok" sourceRef="decide" targetRef="end" />
    <sequenceFlow id="again" sourceRef="decide" targetRef="check" />
    <boundaryEvent id="late" attachedToRef="check" />
    <sequenceFlow id="f3" sourceRef="late" targetRef="escalate" />
    <userTask id="escalate" />
    <sequenceFlow id="f4" sourceRef="escalate" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

const bounds = (doc: Document, id: string) => {
  const shape = [...doc.getElementsByTagName('bpmndi:BPMNShape')].find(
    (s) => s.getAttribute('bpmnElement') === id,
  );
  const b = shape?.getElementsByTagName('dc:Bounds')[0];
  return b ? { x: Number(b.getAttribute('x')), y: Number(b.getAttribute('y')) } : undefined;
};

describe('withLayout', () => {
  it('places every node and flow of a diagram that has no DI, left to right', () => {
    const doc = new DOMParser().parseFromString(withLayout(LOOP), 'application/xml');
    for (const id of ['start', 'check', 'decide', 'end', 'late', 'escalate'])
      expect(bounds(doc, id)).toBeDefined();
    expect(doc.getElementsByTagName('bpmndi:BPMNEdge')).toHaveLength(6);
    const x = (id: string) => bounds(doc, id)?.x ?? -1;
    expect(x('start')).toBeLessThan(x('check'));
    expect(x('check')).toBeLessThan(x('decide'));
    expect(x('decide')).toBeLessThan(x('end'));
    // the loop back to check does not push check to the right
    expect(x('check')).toBeLessThan(x('escalate'));
    expect(doc.documentElement.getAttribute('xmlns:flowable')).toBe('http://flowable.org/bpmn');
  });

  it('leaves diagrams with DI and unreadable XML alone', () => {
    const once = withLayout(LOOP);
    expect(withLayout(once)).toBe(once);
    expect(withLayout('<definitions')).toBe('<definitions');
  });
});

describe('layout parts', () => {
  it('puts a node after the longest path to it and finds the loops', () => {
    const flows = [
      { id: 'a', source: 's', target: 't' },
      { id: 'b', source: 't', target: 'g' },
      { id: 'c', source: 'g', target: 't' },
      { id: 'd', source: 's', target: 'g' },
    ];
    const { column, back } = columnsOf(['s', 't', 'g'], flows, ['s']);
    expect([column.get('s'), column.get('t'), column.get('g')]).toEqual([0, 1, 2]);
    expect([...back]).toEqual(['c']);
  });

  it('bends flows between rows, over the top when they skip columns and underneath when they loop', () => {
    const a = { x: 0, y: 0, width: 100, height: 80 };
    const b = { x: 200, y: 130, width: 100, height: 80 };
    const lanes = { top: -30, bottom: 400 };
    expect(waypoints(a, b, 'next', lanes)).toEqual([
      { x: 100, y: 40 },
      { x: 150, y: 40 },
      { x: 150, y: 170 },
      { x: 200, y: 170 },
    ]);
    expect(waypoints(a, b, 'skip', lanes)).toEqual([
      { x: 50, y: 0 },
      { x: 50, y: -30 },
      { x: 250, y: -30 },
      { x: 250, y: 130 },
    ]);
    expect(waypoints(b, a, 'back', lanes)).toEqual([
      { x: 250, y: 210 },
      { x: 250, y: 400 },
      { x: 50, y: 400 },
      { x: 50, y: 80 },
    ]);
  });
});
