import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { OutboundGuard } from './core/outbound.js';
import { RichTextSanitizer } from './core/rich-text.js';
import { SecretBox } from './core/secret-box.js';
import { MemoryStore } from './core/store/memory-store.js';
import type { KeyValueStore } from './core/store/store.js';
import type { DataAccess } from './db/database.js';
import { AuthService } from './modules/auth/auth-service.js';
import { CaptchaService } from './modules/auth/captcha.js';
import { PasswordHasher } from './modules/auth/passwords.js';
import { SessionStore } from './modules/auth/sessions.js';
import { TokenSigner } from './modules/auth/tokens.js';
import { LocalNoticeBus, type NoticeBus } from './modules/desk/notice-bus.js';
import { DataSources } from './modules/develop/data-sources.js';
import { FlowService } from './modules/flow/flow-service.js';
import { JobRegistry } from './modules/job/job-registry.js';
import { Scheduler } from './modules/job/scheduler.js';
import { ErrorLogService } from './modules/log/error-log.js';
import { LogWriter } from './modules/log/log-writer.js';
import { RequestLogs, UsualLog } from './modules/log/request-logs.js';
import { SignInLog } from './modules/log/sign-in-log.js';
import { SmsService } from './modules/resource/sms/sms-service.js';
import { LocalDriver } from './modules/resource/storage/local-driver.js';
import { StorageService } from './modules/resource/storage-service.js';
import { AuthorityService } from './modules/system/authority-service.js';
import { MenuService } from './modules/system/menu-service.js';
import { UserService } from './modules/user/user-service.js';

/** The application's shared services, built once per server and reachable as `app.services`. */
export interface Services {
  config: Config;
  data: DataAccess;
  /** The built-in database and configured data sources; a tenant's business data by binding. */
  dataSources: DataSources;
  store: KeyValueStore;
  hasher: PasswordHasher;
  signer: TokenSigner;
  sessions: SessionStore;
  captcha: CaptchaService;
  auth: AuthService;
  menus: MenuService;
  /** What a caller may hand out, assign and act on (never more than it holds). */
  authority: AuthorityService;
  users: UserService;
  errorLog: ErrorLogService;
  logs: LogWriter;
  requestLogs: RequestLogs;
  usualLog: UsualLog;
  /** One row per attempt on any sign-in route. */
  signInLog: SignInLog;
  secretBox: SecretBox;
  /** Sanitises rich text, off the request thread when it is large. */
  richText: RichTextSanitizer;
  /** The gate for connections to addresses tenants set (storage, SMS, data sources). */
  outbound: OutboundGuard;
  storage: StorageService;
  sms: SmsService;
  notices: NoticeBus;
  flow: FlowService;
  /** Jobs the modules define (name, handler, default schedule). */
  jobs: JobRegistry;
  /** Runs the defined jobs on their stored schedules, once per due run across processes. */
  scheduler: Scheduler;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export function createServices(
  config: Config,
  data: DataAccess,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  shared: { store?: KeyValueStore; notices?: NoticeBus } = {},
): Services {
  const store = shared.store ?? new MemoryStore();
  const logs = new LogWriter(data, log, config.logFlushMs);
  const secretBox = new SecretBox(config.dataKey, config.dataKeyPrevious ? [config.dataKeyPrevious] : []);
  const hasher = new PasswordHasher(config.passwordHashMemory);
  const signer = new TokenSigner(config.jwtSecret, config.jwtIssuer);
  const sessions = new SessionStore(data.global, log);
  const captcha = new CaptchaService(store, config.captchaTtl);
  const menus = new MenuService(config.timeZone);
  const outbound = new OutboundGuard({
    privateAllowed: config.outboundPrivateAllowed,
    allowedNetworks: config.outboundAllowedNetworks,
  });
  const jobs = new JobRegistry();
  return {
    config,
    data,
    dataSources: new DataSources(data, config.databaseUrl, secretBox, config.dataDir, outbound),
    store,
    hasher,
    signer,
    sessions,
    captcha,
    auth: new AuthService({ config, data, store, hasher, signer, sessions, captcha }),
    menus,
    authority: new AuthorityService(menus),
    users: new UserService({ hasher, sessions, timeZone: config.timeZone }),
    errorLog: new ErrorLogService(),
    logs,
    requestLogs: new RequestLogs(logs),
    usualLog: new UsualLog(logs),
    signInLog: new SignInLog(data, logs, log),
    secretBox,
    richText: new RichTextSanitizer(),
    outbound,
    storage: new StorageService(LocalDriver.under(config.dataDir), secretBox, outbound),
    sms: new SmsService(secretBox, config.smsCustomEndpoints, outbound),
    notices: shared.notices ?? new LocalNoticeBus(),
    flow: new FlowService(data, config.flowTimers),
    jobs,
    scheduler: new Scheduler(
      data,
      jobs,
      {
        enabled: config.jobs.enabled,
        tickMs: config.jobs.tickMs,
        leaseMs: config.jobs.leaseSeconds * 1000,
        concurrency: config.jobs.concurrency,
        timeZone: config.timeZone,
      },
      log,
    ),
  };
}
