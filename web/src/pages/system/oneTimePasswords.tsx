import { type App, Typography } from 'antd';
import type { CrudText } from '../../crud/i18n';

type Modal = ReturnType<typeof App.useApp>['modal'];

/** One account's password for one sign-in, as the server answered it once. */
export interface OneTimePassword {
  /** Of a new tenant's administrator: the tenant typed at sign-in beside the account. */
  tenantId?: string;
  account: string;
  password: string;
}

/**
 * Shows one-time passwords (a new tenant's administrator, a reset) in a dialog: the only time they
 * are shown; each can be copied, and its owner must change it at the first sign-in.
 */
export function showOneTimePasswords(
  modal: Modal,
  text: CrudText,
  entries: readonly OneTimePassword[],
): void {
  if (entries.length === 0) return;
  const tenant = entries.some((entry) => entry.tenantId);
  modal.info({
    title: text.t('oneTimeTitle'),
    width: 520,
    okText: text.t('ok'),
    content: (
      <div className="one-time-passwords">
        <p>{text.t('oneTimeTip')}</p>
        {tenant ? <p className="one-time-sign-in">{text.t('oneTimeSignIn')}</p> : null}
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              {tenant ? <th style={{ textAlign: 'left' }}>{text.t('oneTimeTenant')}</th> : null}
              <th style={{ textAlign: 'left' }}>{text.t('oneTimeAccount')}</th>
              <th style={{ textAlign: 'left' }}>{text.t('oneTimePassword')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={`${entry.tenantId ?? ''}/${entry.account}`}>
                {tenant ? <td className="one-time-tenant">{entry.tenantId}</td> : null}
                <td className="one-time-account">{entry.account}</td>
                <td>
                  <Typography.Text code copyable className="one-time-password">
                    {entry.password}
                  </Typography.Text>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    ),
  });
}
