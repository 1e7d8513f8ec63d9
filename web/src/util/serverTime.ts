import { WALL_CLOCK_PARTS } from '@blade/schema';
import dayjs, { type Dayjs } from 'dayjs';
import { useSettings } from '../store/settings';

/**
 * The wall-clock time of a zone at an instant, as a Dayjs whose fields are that zone's (times
 * travel as wall-clock texts of the server's zone). An unknown zone falls back to the browser's.
 */
export function nowIn(timeZone: string, at: Date = new Date()): Dayjs {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { ...WALL_CLOCK_PARTS, timeZone }).formatToParts(at);
  } catch {
    return dayjs(at);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return dayjs(
    `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`,
  );
}

/** "Now" as the server reads it: the wall-clock time of its zone, whatever the browser's zone. */
export const serverNow = (): Dayjs => nowIn(useSettings.getState().timeZone);
