import { describe, expect, it } from 'vitest';
import { declaredDefaults, deriveResource, dialogFields, isDisabled, labelFieldOf } from './fields';
import { resourceNamed } from './registry';

describe('fields of the generic page', () => {
  it('starts a new row with the declared defaults of the form fields', () => {
    expect(declaredDefaults(resourceNamed('client'))).toEqual({
      scope: 'all',
      authorizedGrantTypes: 'password,captcha,refresh_token',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604_800,
    });
    expect(declaredDefaults(resourceNamed('tenant'))).toMatchObject({ accountNumber: -1 });
  });

  it('asks for secrets on add only and never shows them', () => {
    const user = resourceNamed('user');
    const names = (mode: 'add' | 'edit' | 'view') => dialogFields(user, mode).map((f) => f.name);
    expect(names('add')).toContain('password');
    expect(names('edit')).not.toContain('password');
    expect(names('view')).not.toContain('password');
    const account = user.fields.find((f) => f.name === 'account')!;
    expect(isDisabled(account, 'add')).toBe(false);
    expect(isDisabled(account, 'edit')).toBe(true);
  });

  it('names rows in pickers by their title or name field', () => {
    expect(labelFieldOf(resourceNamed('dept'))).toBe('deptName');
    expect(labelFieldOf(resourceNamed('tenantPackage'))).toBe('packageName');
    expect(labelFieldOf(resourceNamed('post'))).toBe('postName');
  });

  it('derives a page view without touching the declaration', () => {
    const param = resourceNamed('param');
    const view = deriveResource(param, {
      list: ['paramKey'],
      fields: { paramName: { disabledOnEdit: true } },
    });
    expect(view.fields.map((f) => [f.name, f.list])).toEqual([
      ['paramKey', true],
      ['paramName', false],
      ['paramValue', false],
      ['remark', false],
    ]);
    expect(view.fields.find((f) => f.name === 'paramName')?.disabledOnEdit).toBe(true);
    expect(param.fields.find((f) => f.name === 'paramName')?.disabledOnEdit).toBeUndefined();
  });
});
