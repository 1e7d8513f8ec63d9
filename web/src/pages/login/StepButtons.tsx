import { type MessageKey, useT } from '../../i18n';

/** The submit and back-to-sign-in buttons that close the form of a sign-in step. */
export function StepButtons(props: { submitting: boolean; submitLabel: MessageKey; onBack: () => void }) {
  const t = useT();
  return (
    <>
      <button type="submit" className="login-submit" disabled={props.submitting}>
        {props.submitting ? t('login.submitting') : t(props.submitLabel)}
      </button>
      <button type="button" className="login-link" onClick={props.onBack}>
        {t('login.toLogin')}
      </button>
    </>
  );
}
