const pad = (n: number): string => String(n).padStart(2, '0');

/** Formats as yyyy-MM-dd HH:mm:ss (the spec's default date format). */
export function formatDateTime(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
