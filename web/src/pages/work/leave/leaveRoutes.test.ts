import { describe, expect, it } from 'vitest';
import { isLeave, leaveDetailPath, leaveFormPath, leaveHandlePath, workListPath } from './leaveRoutes';

describe('leave routes', () => {
  it('builds the three fixed leave routes of spec §2', () => {
    expect(leaveFormPath('101')).toBe('/work/process/leave/form/101');
    expect(leaveHandlePath('7', '8', '9')).toBe('/work/process/leave/handle/7/8/9');
    expect(leaveDetailPath('8', '9')).toBe('/work/process/leave/detail/8/9');
    expect(workListPath('send')).toBe('/work/send/index');
  });

  it('knows leave rows by their process key and business key', () => {
    expect(isLeave({ processKey: 'leave', businessKey: '9' })).toBe(true);
    expect(isLeave({ processKey: 'leave', businessKey: null })).toBe(false);
    expect(isLeave({ processKey: 'purchase', businessKey: '9' })).toBe(false);
  });
});
