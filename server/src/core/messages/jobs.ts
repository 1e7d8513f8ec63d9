import type { Bilingual } from './bilingual.js';

/** Scheduled jobs and their runs. */
export const jobsMessages = {
  jobScheduleInvalid: {
    zh: '执行计划「{cron}」无效：请填写 5 段（分 时 日 月 周）或 6 段（秒 分 时 日 月 周）的 cron 表达式（{reason}）',
    en: 'The schedule "{cron}" is not valid: enter a cron expression of 5 fields (minute hour day month weekday) or 6 (seconds first) ({reason})',
  },
  jobScheduleNever: { zh: '执行计划「{cron}」将来不会运行', en: 'The schedule "{cron}" never runs' },
  jobScheduleTooOften: {
    zh: '租户的任务最多每分钟运行一次，请调整执行计划',
    en: "A tenant's job runs at most once a minute; change the schedule",
  },
  jobRunning: {
    zh: '该任务正在运行，请等它结束后再试',
    en: 'This job is running; try again once it has ended',
  },
  jobRunTooOften: {
    zh: '该任务一分钟内最多手动运行 {limit} 次，请 {seconds} 秒后再试',
    en: 'A job runs by hand at most {limit} times a minute; try again in {seconds} s',
  },
  jobRunLeaseExpired: {
    zh: '运行它的服务进程已停止，任务未完成',
    en: 'The server process running it stopped before it ended',
  },
  jobRunServerStopped: { zh: '服务器停止时任务尚未完成', en: 'The server stopped before the run ended' },
  jobRunMissed: {
    zh: '服务器停止期间错过了这次运行，该任务设置为不补跑，已跳过',
    en: 'Missed while no server was running; skipped, as this job does not catch up',
  },
} satisfies Record<string, Bilingual>;
