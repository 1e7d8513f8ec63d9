import { describe, expect, it } from 'vitest';
import { checkRegistration } from './registerCheck';

const ok = { tenantId: '000000', name: 'Guest', account: 'guest', password: 'a', password2: 'a' };

describe('registration checks', () => {
  it('checks tenant, account, passwords and their equality, in that order', () => {
    expect(checkRegistration({ ...ok, tenantId: '', account: '', password: '' })).toBe(
      'register.tenantRequired',
    );
    expect(checkRegistration({ ...ok, account: ' ', password: '' })).toBe('register.accountRequired');
    expect(checkRegistration({ ...ok, password2: '' })).toBe('register.passwordRequired');
    expect(checkRegistration({ ...ok, password: '' })).toBe('register.passwordRequired');
    expect(checkRegistration({ ...ok, password2: 'b' })).toBe('register.passwordMismatch');
    expect(checkRegistration(ok)).toBeNull();
  });
});
