import type { Bilingual } from './bilingual.js';

/** Sign-in, sessions, tickets, switch mode and passwords. */
export const signInMessages = {
  clientInvalid: { zh: '客户端认证失败', en: 'The client credentials are not valid' },
  grantUnsupported: { zh: '不支持的授权类型', en: 'Unsupported grant type' },
  grantNotServed: {
    zh: '授权类型 {grant} 不能用于登录，请使用 password、captcha 或 refresh_token',
    en: 'Grant type {grant} cannot be used to sign in; use password, captcha or refresh_token',
  },
  socialNotConfigured: {
    zh: '未配置第三方登录，请使用账号密码登录',
    en: 'Third-party sign-in is not configured; sign in with your account and password',
  },
  credentialsInvalid: { zh: '用户名或密码错误', en: 'Wrong account or password' },
  captchaNeeded: {
    zh: '该账号登录失败次数过多，请输入验证码',
    en: 'Too many failed sign-ins for this account; enter the captcha code',
  },
  addressFailures: {
    zh: '此地址登录失败次数过多，请 {minutes} 分钟后再试',
    en: 'Too many failed sign-ins from this address; try again in {minutes} minute(s)',
  },
  passwordReplayed: {
    zh: '该加密密码已使用过，请重新登录',
    en: 'This encrypted password was already used; sign in again',
  },
  passwordChangeRequired: {
    zh: '请先修改初始密码',
    en: 'Change your one-time password first',
  },
  passwordSame: { zh: '新密码不能与原密码相同', en: 'The new password must differ from the old one' },
  accountPending: {
    zh: '账号正在等待管理员审核',
    en: 'This account is waiting for an administrator to approve it',
  },
  accountDisabled: {
    zh: '账号已停用，请联系管理员',
    en: 'This account is disabled; contact an administrator',
  },
  tenantMissing: { zh: '请输入租户编号', en: 'Please enter the tenant id' },
  tenantInvalid: { zh: '租户不存在或已停用', en: 'The tenant does not exist or is disabled' },
  tenantExpired: {
    zh: '租户授权已过期，请联系管理员',
    en: 'The tenant subscription has expired; contact an administrator',
  },
  captchaInvalid: { zh: '验证码不正确', en: 'The captcha code is wrong' },
  captchaRequired: { zh: '请输入验证码', en: 'Please enter the captcha code' },
  refreshInvalid: {
    zh: '刷新令牌无效或已过期，请重新登录',
    en: 'The refresh token is not valid or has expired; please sign in again',
  },
  ticketInvalid: {
    zh: '登录凭据无效或已使用，请重新登录',
    en: 'The sign-in ticket is not valid or was already used; please sign in',
  },
  saberFrameOpening: { zh: '正在打开页面…', en: 'Opening the page…' },
  saberFrameSignedOut: {
    zh: 'Saber 的登录已失效，请重新登录后再打开此菜单',
    en: 'Your Saber session has ended; sign in again, then open this menu',
  },
  saberFrameNewWindow: { zh: '在新窗口中打开', en: 'Open in a new window' },
  saberFrameTarget: { zh: '页面地址不合法', en: 'The page address is not valid' },
  switchNotAllowed: {
    zh: '未开启切换模式，不能切换部门或角色',
    en: 'Switch mode is off; department and role cannot be switched',
  },
  switchInvalid: {
    zh: '所选部门或角色不属于当前用户',
    en: 'The chosen department or role does not belong to you',
  },
  passwordOldWrong: { zh: '原密码不正确', en: 'The old password is wrong' },
  passwordMismatch: { zh: '两次密码输入不一致', en: 'The two passwords do not match' },
  passwordTooShort: { zh: '密码至少需要 {min} 个字符', en: 'A password needs at least {min} characters' },
  passwordIsAccount: { zh: '密码不能与账号相同', en: 'The password must not be the account name' },
  passwordCommon: {
    zh: '这个密码太常见，容易被猜中，请换一个',
    en: 'This password is among the most common ones and easy to guess; choose another',
  },
} satisfies Record<string, Bilingual>;
