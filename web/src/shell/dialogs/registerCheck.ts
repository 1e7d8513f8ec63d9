import type { MessageKey } from '../../i18n';

export interface RegisterForm {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
}

/** Spec §5 registration checks, in order; returns the first failing message key. */
export function checkRegistration(form: RegisterForm): MessageKey | null {
  if (!form.tenantId.trim()) return 'register.tenantRequired';
  if (!form.account.trim()) return 'register.accountRequired';
  if (!form.password || !form.password2) return 'register.passwordRequired';
  if (form.password !== form.password2) return 'register.passwordMismatch';
  return null;
}
