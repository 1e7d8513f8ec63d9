/** The body of every answer: HTTP status equals `code`; `msg` is a sentence a person can act on. */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T | null;
  msg: string;
}

/** One page of a list. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** The token endpoint's answer (BladeX field names). */
export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  refresh_token: string;
  expires_in: number;
  scope: string;
  tenant_id: string;
  user_id: string;
  account: string;
  user_name: string;
  real_name: string;
  nick_name: string;
  avatar: string;
  dept_id: string;
  role_id: string;
  role_name: string;
  oauth_id: string;
  /** The password is a one-time one (new account, reset): change it before anything else. */
  password_change_required: boolean;
}

/** A node of the menu tree (routes, buttons): name is the Chinese label, alias the English one. */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string | null;
  source: string | null;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  remark: string | null;
  hasChildren: boolean;
  /** Absent on leaves (Saber reads any children array as a folder). */
  children?: MenuNode[];
}

/** The server's runtime modes, read by the sign-in page. */
export interface PublicSettings {
  tenantMode: boolean;
  /** A tenant besides the administrator one exists (the sign-in page then asks for the tenant). */
  multiTenant: boolean;
  captchaMode: boolean;
  switchMode: boolean;
  /** Seconds after which the token is refreshed. */
  tokenTime: number;
  /** The server's time zone: times are wall-clock texts of it, and pickers' "now" is its now. */
  timeZone: string;
}

/** What put-file answers: the browser-usable link and the attach record it created. */
export interface StoredFile {
  link: string;
  domain: string;
  name: string;
  originalName: string;
  attachId: string;
}

/** The parts of a wall-clock text (yyyy-MM-dd HH:mm:ss) an Intl formatter is asked for. */
export const WALL_CLOCK_PARTS = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
} as const satisfies Intl.DateTimeFormatOptions;

/** How a job run ended, or that it is still going. */
export type JobRunState = 'running' | 'succeeded' | 'failed' | 'skipped';

/** One run of a scheduled job (GET /blade-job/job/runs). */
export interface JobRun {
  id: string;
  /** schedule, catch-up (missed while no server was up) or manual. */
  cause: 'schedule' | 'catch-up' | 'manual';
  scheduledTime: string;
  startTime: string;
  endTime: string | null;
  durationMs: number | null;
  state: JobRunState;
  /** 0–100 when the job reports how far it is. */
  progress: number | null;
  progressText: string | null;
  /** What the run did, in the caller's language. */
  result: string | null;
  /** Why it failed, in the caller's language. */
  error: string | null;
  /** The server process that ran it (platform administrator only). */
  server?: string | null;
}

/** A scheduled job as the jobs screen lists it (GET /blade-job/job/list). */
export interface Job {
  id: string;
  /** The job's key in code, e.g. mall.close-unpaid-orders. */
  name: string;
  label: string;
  description: string;
  /** A platform job (true) or one of the caller's tenant. */
  platform: boolean;
  cron: string;
  /** The schedule the job's code starts with. */
  defaultCron: string;
  /** A run missed while no server was up runs once when one is back (true) or is skipped. */
  catchUp: boolean;
  paused: boolean;
  state: 'running' | 'paused' | 'waiting';
  /** The next scheduled time; null while paused. */
  nextRunTime: string | null;
  /** The next five scheduled times. */
  nextRuns: string[];
  /** The latest run that was not skipped (the running one while a run is going). */
  lastRun: JobRun | null;
}

/** A refused row of a spreadsheet import: its sheet row number (the header is row 1) and why. */
export interface RowProblem {
  row: number;
  message: string;
}

/** What an import found (and, when it wrote, did): refused rows by their sheet row number. */
export interface ImportOutcome {
  total: number;
  valid: number;
  imported: number;
  problems: RowProblem[];
}

/** A large import running (or finished) as background work, as the web polls it. */
export interface ImportJob {
  id: string;
  resource: string;
  mode: 'check' | 'import';
  status: 'running' | 'done' | 'failed';
  /** Null while the rows are being counted. */
  total: number | null;
  processed: number;
  valid: number;
  imported: number;
  problemCount: number;
  /** The first refused rows; all of them are in the downloadable report. */
  problems: RowProblem[];
  error: string | null;
  /** Whether the valid rows of this checked file can still be imported. */
  canImport: boolean;
  createTime: string;
}

/** A live sign-in session, as the online sessions screen and personal info list it. */
export interface OnlineSession {
  id: string;
  tenantId: string;
  tenantName: string;
  userId: string;
  account: string;
  realName: string;
  clientId: string;
  /** The address and browser (user agent, cut) it signed in from; null for sessions from before they were kept. */
  ip: string | null;
  userAgent: string | null;
  signedInAt: string;
  /** Its latest request, to the minute. */
  lastSeen: string | null;
  expiresAt: string;
  /** The session of the caller asking. */
  current: boolean;
}
