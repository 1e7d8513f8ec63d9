/** Site configuration: the defaults of spec section 9. Server settings (GET /api/public/settings) override the modes at runtime. */
export const website = {
  /** Storage key prefix for every persisted entry and cookie. */
  key: 'saber',
  clientId: 'saber',
  /** Must equal the server's CLIENT_SECRET: set VITE_CLIENT_SECRET when building for production. */
  clientSecret: import.meta.env.VITE_CLIENT_SECRET || 'saber_secret',
  tokenHeader: 'Blade-Auth',
  tenantId: '000000',
  tenantMode: false,
  captchaMode: false,
  switchMode: false,
  /** Seconds after which a stored token is refreshed. */
  tokenTime: 3000,
  /** The server's time zone until its settings say (its TIME_ZONE default). */
  timeZone: 'Asia/Shanghai',
  /** How often the refresh check runs, in ms. */
  tokenCheckInterval: 10_000,
  requestTimeout: 200_000,
  chunkLoadTimeout: 120_000,
  /** Response codes that reject without a message. */
  statusWhiteList: [] as number[],
  language: 'zh' as const,
  themeName: 'theme-default',
  colorName: '#409EFF',
  lockPage: '/lock',
  firstPage: { label: '首页', value: '/wel/index', i18n: 'route.home' as const },
  /** When false, the home tab is fixed (never closable). */
  isFirstPage: false,
  logMax: 99,
  pageSizes: [10, 30, 50, 100, 200],
  avatarMaxKb: 500,
  defaultAvatar: '/avatar.svg',
  menu: { iconDefault: 'AppstoreOutlined' },
} as const;

export const apiBase = '/api';
