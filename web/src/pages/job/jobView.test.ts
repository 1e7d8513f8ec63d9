import type { Job } from '@blade/schema';
import { describe, expect, it } from 'vitest';
import { anyRunning, formatDuration, normalCron } from './jobView';

describe('job view helpers', () => {
  it('formats durations from milliseconds to hours', () => {
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_440)).toBe('12.4 s');
    expect(formatDuration(185_000)).toBe('3 min 05 s');
    expect(formatDuration(7_620_000)).toBe('2 h 07 min');
  });

  it('knows when a run is going and tidies a typed schedule', () => {
    const job = (state: Job['state']) => ({ state }) as Job;
    expect(anyRunning([job('waiting'), job('paused')])).toBe(false);
    expect(anyRunning([job('waiting'), job('running')])).toBe(true);
    expect(normalCron('  0  */5 * * *  ')).toBe('0 */5 * * *');
  });
});
