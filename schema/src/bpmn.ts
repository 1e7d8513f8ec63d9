/** The namespace of the `flowable:` attributes the engine reads (assignee, candidate groups). */
export const FLOWABLE_NS = 'http://flowable.org/bpmn';

/** An attribute value as XML text (a name typed by a user may hold quotes or angle brackets). */
export const escapeAttr = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface BpmnDocument {
  /** The process id: the key a model is started by. */
  id: string;
  name: string;
  /** The elements inside <process>, as XML. */
  body: string;
  /** The id of <definitions>; by default `Definitions_<id>`. */
  definitionsId?: string;
  /** A <bpmndi:BPMNDiagram> after the process, for an editor to lay it out. */
  diagram?: string;
}

/**
 * A BPMN file of one executable process, with the namespaces our models use (xsi for condition
 * expressions, flowable for assignees, the diagram ones for the designer).
 */
export function bpmnDocument({ id, name, body, definitionsId, diagram = '' }: BpmnDocument): string {
  const key = escapeAttr(id);
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="${FLOWABLE_NS}"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  id="${definitionsId ?? `Definitions_${key}`}" targetNamespace="http://blade-mall-admin/flow">
  <process id="${key}" name="${escapeAttr(name)}" isExecutable="true">
${body.replace(/^\n+/, '').trimEnd()}
  </process>
${diagram}</definitions>`;
}

/**
 * The smallest process, laid out for the designer: start → one user task → end. A new model starts
 * from it (its task's assignee set in the designer), and tests store it as a model.
 */
export function minimalDiagram(processKey: string, name: string, taskName: string): string {
  return bpmnDocument({
    id: processKey,
    name,
    body: `
    <startEvent id="StartEvent_1" />
    <sequenceFlow id="Flow_1" sourceRef="StartEvent_1" targetRef="UserTask_1" />
    <userTask id="UserTask_1" name="${escapeAttr(taskName)}" />
    <sequenceFlow id="Flow_2" sourceRef="UserTask_1" targetRef="EndEvent_1" />
    <endEvent id="EndEvent_1" />`,
    diagram: `  <bpmndi:BPMNDiagram id="Diagram_1">
    <bpmndi:BPMNPlane id="Plane_1" bpmnElement="${escapeAttr(processKey)}">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">
        <dc:Bounds x="152" y="102" width="36" height="36" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="UserTask_1_di" bpmnElement="UserTask_1">
        <dc:Bounds x="240" y="80" width="100" height="80" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="EndEvent_1_di" bpmnElement="EndEvent_1">
        <dc:Bounds x="392" y="102" width="36" height="36" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="Flow_1_di" bpmnElement="Flow_1">
        <di:waypoint x="188" y="120" />
        <di:waypoint x="240" y="120" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_2_di" bpmnElement="Flow_2">
        <di:waypoint x="340" y="120" />
        <di:waypoint x="392" y="120" />
      </bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
`,
  });
}
