import { FLOWABLE_NS } from '@blade/schema';

export { FLOWABLE_NS, minimalDiagram } from '@blade/schema';

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
