import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ssoLogin } from '../../api/auth';
import { ssoTarget } from '../../app/embedded';
import { isTokenBody, signIn } from '../../app/session';
import { useT } from '../../i18n';
import './login.css';

/** /sso: signs in with the ticket in the query, then opens `to` (one of our paths) or home. */
export default function SsoPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState('');
  const query = params.toString();

  useEffect(() => {
    let active = true;
    const { to = null, embed: _embed, ...sso } = Object.fromEntries(new URLSearchParams(query));
    ssoLogin(sso)
      .then((body) => {
        if (!active) return;
        if (isTokenBody(body)) {
          signIn(body);
          navigate(ssoTarget(to), { replace: true });
        } else {
          setError(body.error_description || body.msg || t('login.ssoFailed'));
        }
      })
      .catch(() => active && setError(t('login.ssoFailed')));
    return () => {
      active = false;
    };
  }, [query, navigate, t]);

  return (
    <div className="login-page">
      <div className="login-card login-card-small">
        <div className="login-form">
          {error ? (
            <>
              <div className="login-error" role="alert">
                {error}
              </div>
              <Link to="/login">{t('login.toLogin')}</Link>
            </>
          ) : (
            <p>{t('login.ssoRunning')}</p>
          )}
        </div>
      </div>
    </div>
  );
}
