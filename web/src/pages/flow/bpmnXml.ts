import { bpmnDocument, escapeAttr, FLOWABLE_NS } from '@blade/schema';

export { FLOWABLE_NS };

/**
 * A new model's diagram: start → one user task (its assignee set in the designer) → end; the task's
 * name is given in the page's language.
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

/**
 * Declares xmlns:flowable on the root element when the XML uses the prefix without it (attributes
 * written on a diagram that did not declare it); otherwise the XML is returned unchanged.
 */
export function ensureFlowableNamespace(xml: string): string {
  if (!/\sflowable:[\w-]+=/.test(xml) || /\sxmlns:flowable=/.test(xml)) return xml;
  return xml.replace(/<((?:[\w-]+:)?definitions)\b/, `<$1 xmlns:flowable="${FLOWABLE_NS}"`);
}

/** The id of the first process of a diagram (the model key a new model proposes). */
export function processIdOf(xml: string): string | undefined {
  return /<(?:[\w-]+:)?process\b[^>]*\sid="([^"]+)"/.exec(xml)?.[1];
}
