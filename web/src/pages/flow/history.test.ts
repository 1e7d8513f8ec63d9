import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from './flowApi';
import { activityLabel, formatDuration, outcomeOf, visibleHistory } from './history';

const entry = (
  activityId: string,
  activityType: string,
  activityName: string | null = null,
): HistoryEntry => ({
  activityId,
  activityName,
  activityType,
  assigneeId: null,
  assignee: null,
  comment: null,
  startTime: '2026-11-22 09:00:00',
  endTime: '2026-11-22 09:00:00',
  durationMs: 0,
});

describe('formatDuration', () => {
  it('shows the two largest units in Chinese and English', () => {
    expect(formatDuration(((26 * 60 + 3) * 60 + 9) * 1000, 'zh')).toBe('1天2小时');
    expect(formatDuration((3 * 60 + 5) * 1000, 'en')).toBe('3 min 5 s');
    expect(formatDuration(42_000, 'zh')).toBe('42秒');
  });

  it('drops a zero second unit and shows short durations as zero seconds', () => {
    expect(formatDuration(2 * 3_600_000 + 40_000, 'zh')).toBe('2小时');
    expect(formatDuration(350, 'zh')).toBe('0秒');
    expect(formatDuration(0, 'en')).toBe('0 s');
  });

  it('leaves missing or invalid durations empty', () => {
    expect(formatDuration(null, 'zh')).toBe('');
    expect(formatDuration(undefined, 'en')).toBe('');
    expect(formatDuration(-5, 'zh')).toBe('');
  });
});

describe('history rows', () => {
  it('hides gateways and keeps the order of the rest', () => {
    const rows = visibleHistory([
      entry('start', 'StartEvent', '提交申请'),
      entry('managerApproval', 'UserTask', '部门审批'),
      entry('managerDecision', 'ExclusiveGateway'),
      entry('approvedEnd', 'EndEvent'),
    ]);
    expect(rows.map((r) => r.activityId)).toEqual(['start', 'managerApproval', 'approvedEnd']);
  });

  it('labels an activity by its name, else its id', () => {
    expect(activityLabel(entry('managerApproval', 'UserTask', '部门审批'))).toBe('部门审批');
    expect(activityLabel(entry('approvedEnd', 'EndEvent'))).toBe('approvedEnd');
  });

  it('reads the approval flag of a task', () => {
    expect(outcomeOf(1)).toBe('approved');
    expect(outcomeOf(false)).toBe('rejected');
    expect(outcomeOf(null)).toBeNull();
  });
});
