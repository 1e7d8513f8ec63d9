import { type FormEvent, useState } from 'react';
import { type MessageKey, useT } from '../../i18n';

interface Props {
  /** The one-time password the user signed in with (the new one must differ). */
  oldPassword: string;
  submitting: boolean;
  onSubmit: (newPassword: string) => void;
  onBack: () => void;
}

/**
 * The first sign-in with a one-time password (a new tenant's administrator, a reset): the user
 * sets a password of its own before anything else opens (plain elements, no antd).
 */
export function PasswordChange(props: Props) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [password1, setPassword1] = useState('');
  const [error, setError] = useState<MessageKey | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem: MessageKey | null = !password
      ? 'login.newPasswordRequired'
      : password.length < 8
        ? 'login.newPasswordShort'
        : password === props.oldPassword
          ? 'login.newPasswordSame'
          : password !== password1
            ? 'login.newPasswordMismatch'
            : null;
    setError(problem);
    if (!problem) props.onSubmit(password);
  };

  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <div className="login-head">
        <h2>{t('login.changeTitle')}</h2>
      </div>
      <p className="login-tip">{t('login.changeTip')}</p>
      <label className="login-field" htmlFor="login-newPassword">
        <span className="login-label">{t('login.newPassword')}</span>
        <input
          id="login-newPassword"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
        />
      </label>
      <label className="login-field" htmlFor="login-newPassword1">
        <span className="login-label">{t('login.newPassword1')}</span>
        <input
          id="login-newPassword1"
          type="password"
          value={password1}
          onChange={(e) => setPassword1(e.target.value)}
          autoComplete="new-password"
        />
        {error ? <span className="login-field-error">{t(error)}</span> : null}
      </label>
      <button type="submit" className="login-submit" disabled={props.submitting}>
        {props.submitting ? t('login.submitting') : t('login.changeSubmit')}
      </button>
      <button type="button" className="login-link" onClick={props.onBack}>
        {t('login.toLogin')}
      </button>
    </form>
  );
}
