import { addErrorLog, type ErrorLogEntry } from '../store/errorLog';
import { formatDateTime } from '../util/date';

/** The longest texts the server's error log keeps (longer entries would be refused whole). */
const LONGEST = { message: 2000, stack: 8000, info: 2000, url: 2000 };

/** Browser noise that is not an application error. */
const IGNORED = [/ResizeObserver loop/];

export function logError(error: unknown, info: string): void {
  const message = error instanceof Error ? error.message : String(error);
  if (IGNORED.some((re) => re.test(message))) return;
  const entry: ErrorLogEntry = {
    type: 'error',
    message: message.slice(0, LONGEST.message),
    stack: (error instanceof Error ? (error.stack ?? '') : '').slice(0, LONGEST.stack),
    info: info.slice(0, LONGEST.info),
    url: window.location.href.slice(0, LONGEST.url),
    time: formatDateTime(),
  };
  addErrorLog(entry);
}

/** Captures runtime errors and unhandled rejections into the local error log. */
export function installErrorCapture(): void {
  window.addEventListener('error', (e) => {
    logError(e.error ?? e.message, e.filename ? `${e.filename}:${e.lineno}:${e.colno}` : 'error');
  });
  window.addEventListener('unhandledrejection', (e) => {
    logError(e.reason, 'unhandledrejection');
  });
}
