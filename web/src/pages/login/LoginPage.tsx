import { type FormEvent, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  type Captcha,
  getCaptcha,
  getTenantInfo,
  loginBySocial,
  loginByUsername,
  logoutCall,
  refreshToken,
  type TokenResponse,
} from '../../api/auth';
import { type DeptOption, deptSelect, type RoleOption, roleSelect, updatePassword } from '../../api/user';
import { afterSignIn } from '../../app/guard';
import { lazyPage } from '../../app/lazy';
import { isTokenBody, needsRegistration, signIn } from '../../app/session';
import { website } from '../../config';
import { type MessageKey, useT } from '../../i18n';
import type { TokenBody } from '../../store/session';
import { useSettings } from '../../store/settings';
import { getStore, setStore } from '../../util/storage';
import { DeptRoleChoice } from './DeptRoleChoice';
import { LanguageSwitch } from './LanguageSwitch';
import { PasswordChange } from './PasswordChange';
import './login.css';

const RegisterDialog = lazyPage(() => import('../../shell/dialogs/RegisterDialog'));

type Field = 'tenantId' | 'username' | 'password' | 'captchaCode';
type FormState = Record<Field, string>;

/** Where the tenant typed at the last sign-in is kept, so the next one starts with it. */
const LAST_TENANT = 'login-tenant';

export default function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { tenantMode, multiTenant, captchaMode, switchMode } = useSettings();
  const [domainTenant, setDomainTenant] = useState<string | null>(null);
  const [form, setForm] = useState<FormState>({
    tenantId: getStore(LAST_TENANT, website.tenantId),
    username: '',
    password: '',
    captchaCode: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, MessageKey>>>({});
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  /** The server asked this sign-in for a captcha (an account under attack), whatever the captcha mode. */
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const showCaptcha = captchaMode || captchaAsked;
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [register, setRegister] = useState<{ oauthId: string; tenantId: string; token: string } | null>(null);
  /** Switch mode: a signed-in answer waiting for the department and role choice (not yet a session). */
  const [choice, setChoice] = useState<{
    body: TokenBody;
    tenantId: string;
    depts: DeptOption[];
    roles: RoleOption[];
  } | null>(null);
  /** A sign-in with a one-time password, held until the user sets its own. */
  const [change, setChange] = useState<{
    body: TokenBody;
    tenantId: string;
    oldPassword: string;
    askSwitch: boolean;
  } | null>(null);

  // With tenant mode off, the field still shows once another tenant exists: its administrator
  // has no other way in (unless the address names the tenant).
  const askTenant = tenantMode || multiTenant;
  const showTenant = askTenant && domainTenant === null;
  const tenantId = domainTenant ?? (askTenant ? form.tenantId.trim() : website.tenantId);
  const redirect = params.get('redirect');

  const refreshCaptcha = useCallback(() => {
    getCaptcha()
      .then(setCaptcha)
      .catch(() => setCaptcha(null));
  }, []);

  useEffect(() => {
    getTenantInfo(window.location.hostname)
      .then((info) => setDomainTenant(info?.tenantId ?? null))
      .catch(() => setDomainTenant(null));
  }, []);

  useEffect(() => {
    if (showCaptcha) refreshCaptcha();
  }, [showCaptcha, refreshCaptcha]);

  const enter = useCallback(
    (body: TokenBody) => {
      signIn(body);
      navigate(afterSignIn(redirect), { replace: true });
    },
    [navigate, redirect],
  );

  /** Handles a token answer; returns false when sign-in failed (the error is shown). */
  const finish = useCallback(
    async (body: TokenResponse, tenant: string, askSwitch: boolean, typed?: string): Promise<boolean> => {
      if (!isTokenBody(body)) {
        setError(body?.error_description || body?.msg || t('login.failed'));
        return false;
      }
      if (body.password_change_required) {
        if (typed === undefined) {
          setError(t('login.changeFirst'));
          return false;
        }
        setChange({ body, tenantId: tenant, oldPassword: typed, askSwitch });
        return true;
      }
      if (needsRegistration(body.user_id)) {
        setRegister({ oauthId: body.oauth_id ?? '', tenantId: tenant, token: body.access_token });
        return true;
      }
      if (askSwitch) {
        const [depts, roles] = await Promise.all([
          deptSelect(String(body.user_id), body.access_token).catch(() => []),
          roleSelect(String(body.user_id), body.access_token).catch(() => []),
        ]);
        if (depts.length > 1 || roles.length > 1) {
          setChoice({ body, tenantId: tenant, depts, roles });
          return true;
        }
      }
      enter(body);
      return true;
    },
    [enter, t],
  );

  /** Sets the user's own password, then goes on with a refreshed token that is no longer held back. */
  const changePassword = async (newPassword: string) => {
    if (!change) return;
    setSubmitting(true);
    setError('');
    try {
      await updatePassword(change.oldPassword, newPassword, newPassword, change.body.access_token);
      const body = await refreshToken({ refreshToken: change.body.refresh_token, tenantId: change.tenantId });
      setChange(null);
      await finish(body, change.tenantId, change.askSwitch);
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSubmitting(false);
    }
  };

  const chooseDeptRole = async ({ deptId, roleId }: { deptId: string; roleId: string }) => {
    if (!choice) return;
    setSubmitting(true);
    setError('');
    try {
      const body = await refreshToken({
        refreshToken: choice.body.refresh_token,
        tenantId: choice.tenantId,
        deptId,
        roleId,
      });
      if (!(await finish(body, choice.tenantId, false))) setChoice(null);
    } catch {
      setError(t('login.failed'));
      setChoice(null);
    } finally {
      setSubmitting(false);
    }
  };

  // Third-party sign-in: the provider sends the user back with source, code and state; the grant runs once.
  const source = params.get('source');
  const code = params.get('code');
  const state = params.get('state') ?? '';
  const socialTried = useRef(false);
  useEffect(() => {
    if (!source || !code || socialTried.current) return;
    socialTried.current = true;
    setSubmitting(true);
    loginBySocial(tenantId, source, code, state)
      .then((body) => finish(body, tenantId, switchMode))
      .catch(() => setError(t('login.failed')))
      .finally(() => setSubmitting(false));
  }, [source, code, state, tenantId, finish, t, switchMode]);

  const update = (field: Field) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setErrors((x) => ({ ...x, [field]: undefined }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Partial<Record<Field, MessageKey>> = {};
    if (showTenant && !form.tenantId.trim()) next.tenantId = 'login.tenantIdRequired';
    if (!form.username.trim()) next.username = 'login.usernameRequired';
    if (!form.password) next.password = 'login.passwordRequired';
    if (showCaptcha && !form.captchaCode.trim()) next.captchaCode = 'login.captchaRequired';
    setErrors(next);
    if (Object.keys(next).length) return;
    setSubmitting(true);
    setError('');
    try {
      const body = await loginByUsername(
        {
          tenantId,
          username: form.username.trim(),
          password: form.password,
          captchaKey: captcha?.key ?? '',
          captchaCode: form.captchaCode.trim(),
        },
        showCaptcha,
      );
      // The tenant of an accepted sign-in is where the next one starts.
      const accepted: boolean = isTokenBody(body);
      if (showTenant && accepted) setStore(LAST_TENANT, tenantId);
      if (await finish(body, tenantId, switchMode, form.password)) return;
      // A shown captcha is used up by any attempt; a newly asked one is fetched when its field appears.
      if (body?.captcha_required) setCaptchaAsked(true);
      if (showCaptcha) {
        setForm((f) => ({ ...f, captchaCode: '' }));
        refreshCaptcha();
      }
    } catch {
      setError(t('login.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  /** A text input bound to one field of the form; its id ties it to the field's label. */
  const input = (name: Field, autoComplete: string, type?: 'password') => (
    <input
      id={`login-${name}`}
      type={type}
      value={form[name]}
      onChange={update(name)}
      autoComplete={autoComplete}
    />
  );

  const field = (name: Field, label: MessageKey, control: React.ReactNode) => (
    <label className="login-field" htmlFor={`login-${name}`}>
      <span className="login-label">{t(label)}</span>
      {control}
      {errors[name] ? <span className="login-field-error">{t(errors[name])}</span> : null}
    </label>
  );

  return (
    <div className="login-page">
      <div className="login-card">
        <div className="login-brand">
          <h1>{t('app.title')}</h1>
          <p>{t('app.subtitle')}</p>
        </div>
        {change ? (
          <PasswordChange
            oldPassword={change.oldPassword}
            submitting={submitting}
            onSubmit={(password) => void changePassword(password)}
            onBack={() => {
              void logoutCall(change.body.access_token).catch(() => {});
              setChange(null);
            }}
          />
        ) : choice ? (
          <DeptRoleChoice
            depts={choice.depts}
            roles={choice.roles}
            deptId={String(choice.body.dept_id ?? '')}
            roleId={String(choice.body.role_id ?? '')}
            submitting={submitting}
            onSubmit={(c) => void chooseDeptRole(c)}
            onBack={() => {
              void logoutCall(choice.body.access_token).catch(() => {});
              setChoice(null);
            }}
          />
        ) : (
          <form className="login-form" onSubmit={onSubmit} noValidate>
            <div className="login-head">
              <h2>{t('login.heading')}</h2>
              <LanguageSwitch />
            </div>
            {error ? (
              <div className="login-error" role="alert">
                {error}
              </div>
            ) : null}
            {showTenant ? field('tenantId', 'login.tenantId', input('tenantId', 'off')) : null}
            {field('username', 'login.username', input('username', 'username'))}
            {field('password', 'login.password', input('password', 'current-password', 'password'))}
            {showCaptcha
              ? field(
                  'captchaCode',
                  'login.captcha',
                  <span className="login-captcha">
                    {input('captchaCode', 'off')}
                    <button
                      type="button"
                      className="login-captcha-img"
                      onClick={refreshCaptcha}
                      title={t('login.captchaRefresh')}
                    >
                      {captcha ? <img src={captcha.image} alt={t('login.captcha')} /> : null}
                    </button>
                  </span>,
                )
              : null}
            <button type="submit" className="login-submit" disabled={submitting}>
              {submitting ? t('login.submitting') : t('login.submit')}
            </button>
          </form>
        )}
      </div>
      {register ? (
        <Suspense fallback={null}>
          <RegisterDialog
            oauthId={register.oauthId}
            token={register.token}
            tenantId={register.tenantId}
            tenantFromAddress={domainTenant !== null || !askTenant}
            onDone={() => {
              setRegister(null);
              navigate('/login', { replace: true });
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
