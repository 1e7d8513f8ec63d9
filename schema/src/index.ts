/**
 * Shared by the server and the web: the wire contract (ARCHITECTURE §4) and the resource
 * registry (ARCHITECTURE §3).
 */
export { type BpmnDocument, bpmnDocument, escapeAttr, FLOWABLE_NS, minimalDiagram } from './bpmn.js';
export { HISTORY_CODES } from './history-codes.js';
export type { LoadSample, MonitorSnapshot } from './monitor.js';
export type { PermissionCode } from './permission-codes.js';
export * from './refusals.js';
export * from './registry.js';
export { businessTables, resources } from './resources/index.js';
export * from './rules.js';
export * from './screens.js';
export type {
  Envelope,
  ImportJob,
  ImportOutcome,
  Job,
  JobRun,
  JobRunState,
  MenuNode,
  OnlineSession,
  Page,
  PublicSettings,
  RowProblem,
  StoredFile,
  TokenAnswer,
} from './wire.js';
export { WALL_CLOCK_PARTS } from './wire.js';
