import { SECRET_MASK } from '@blade/schema';
import { Input } from 'antd';
import type { CustomInput } from '../../crud/FormDialog';
import { type MessageKey, useT } from '../../i18n';

/** Form.Item also passes the control's id, which links its label. */
interface Props {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
}

/**
 * A write-only secret: typed, never shown (the mask a detail answers for a stored one shows empty);
 * empty keeps the stored one (the placeholder says so).
 */
export const secretInput = (placeholder: MessageKey): CustomInput =>
  function Secret({ id, value, onChange, disabled }: Props) {
    const t = useT();
    return (
      <Input.Password
        id={id}
        value={typeof value === 'string' && value !== SECRET_MASK ? value : ''}
        onChange={(e) => onChange?.(e.target.value)}
        disabled={disabled}
        autoComplete="new-password"
        placeholder={t(placeholder)}
      />
    );
  };

/** Storage and SMS keys. */
export const SecretInput = secretInput('res.secretKeep');
