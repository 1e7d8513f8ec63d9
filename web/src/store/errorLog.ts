import { create } from 'zustand';
import { getStore, setStore } from '../util/storage';

/** A local error log entry (spec §3). */
export interface ErrorLogEntry {
  type: 'error';
  message: string;
  stack: string;
  info: string;
  url: string;
  time: string;
}

interface ErrorLogState {
  logs: ErrorLogEntry[];
}

/** Keeps the log from growing without bound in a long session. */
const MAX_ENTRIES = 500;

export const useErrorLog = create<ErrorLogState>(() => ({
  logs: getStore<ErrorLogEntry[]>('errorLog', []),
}));

export function addErrorLog(entry: ErrorLogEntry): void {
  const logs = [entry, ...useErrorLog.getState().logs].slice(0, MAX_ENTRIES);
  setStore('errorLog', logs, 'session');
  useErrorLog.setState({ logs });
}

export function clearErrorLog(): void {
  setStore('errorLog', [], 'session');
  useErrorLog.setState({ logs: [] });
}
