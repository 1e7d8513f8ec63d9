import { type FormEvent, useState } from 'react';
import { type MessageKey, useT } from '../../i18n';
import { StepButtons } from './StepButtons';

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
      {(
        [
          ['newPassword', password, setPassword],
          ['newPassword1', password1, setPassword1],
        ] as const
      ).map(([name, value, set]) => (
        <label key={name} className="login-field" htmlFor={`login-${name}`}>
          <span className="login-label">{t(`login.${name}`)}</span>
          <input
            id={`login-${name}`}
            type="password"
            value={value}
            onChange={(e) => set(e.target.value)}
            autoComplete="new-password"
          />
        </label>
      ))}
      {error ? <span className="login-field-error">{t(error)}</span> : null}
      <StepButtons submitting={props.submitting} submitLabel="login.changeSubmit" onBack={props.onBack} />
    </form>
  );
}
