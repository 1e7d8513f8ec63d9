import { type App, Typography } from 'antd';
import type { CrudText } from '../../crud/i18n';

type Modal = ReturnType<typeof App.useApp>['modal'];

/** One account's password for one sign-in, as the server answered it once. */
export interface OneTimePassword {
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
  modal.info({
    title: text.t('oneTimeTitle'),
    width: 520,
    okText: text.t('ok'),
    content: (
      <div className="one-time-passwords">
        <p>{text.t('oneTimeTip')}</p>
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              <th style={{ textAlign: 'left' }}>{text.t('oneTimeAccount')}</th>
              <th style={{ textAlign: 'left' }}>{text.t('oneTimePassword')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.account}>
                <td>{entry.account}</td>
                <td>
                  <Typography.Text code copyable>
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
