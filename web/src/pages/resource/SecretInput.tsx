import { Input } from 'antd';
import type { CustomInput } from '../../crud/FormDialog';

/** Form.Item also passes the control's id, which links its label. */
interface Props {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
}

import { useT } from '../../i18n';

/** A write-only secret: typed, never shown; empty keeps the stored one. */
export const SecretInput: CustomInput = ({ id, value, onChange, disabled }: Props) => {
  const t = useT();
  return (
    <Input.Password
      id={id}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange?.(e.target.value)}
      disabled={disabled}
      autoComplete="new-password"
      placeholder={t('res.secretKeep')}
    />
  );
};
