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
