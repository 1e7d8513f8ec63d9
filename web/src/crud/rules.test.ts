import { resources } from '@blade/schema';
import { describe, expect, it } from 'vitest';
import { fieldRules } from './rules';

const field = (resource: string, name: string) => {
  const found = resources[resource]?.fields.find((f) => f.name === name);
  if (!found) throw new Error(`${resource}.${name} is not declared`);
  return found;
};

describe('fieldRules', () => {
  it('carries the spec message of a required field in the current language', () => {
    expect(fieldRules(field('param', 'paramName'), 'zh')).toContainEqual({
      required: true,
      message: '请输入参数名称',
      whitespace: true,
    });
    expect(fieldRules(field('tenantPackage', 'menuId'), 'zh')[0]).toEqual({
      required: true,
      message: '请选择菜单',
    });
    expect(fieldRules(field('param', 'paramKey'), 'en')[0]).toMatchObject({
      message: 'Enter the parameter key',
    });
  });

  it('gives the dictionary messages of spec §5', () => {
    const messages = ['code', 'dictValue', 'sort', 'isSealed', 'dictKey'].map(
      (name) => fieldRules(field('dict', name), 'zh').find((r) => 'required' in r)?.message,
    );
    expect(messages).toEqual([
      '请输入字典编号',
      '请输入字典名称',
      '请输入字典排序',
      '请选择封存',
      '请输入字典键值',
    ]);
    expect(fieldRules(field('dict', 'parentId'), 'zh').some((r) => 'required' in r)).toBe(false);
  });

  it('limits text length and number range', () => {
    const rules = fieldRules(field('tenantPackage', 'packageName'), 'zh');
    expect(rules).toContainEqual({ type: 'string', max: 50, message: '产品包名称最多50个字符' });
    const sort = fieldRules(field('post', 'sort'), 'en');
    expect(sort).toContainEqual({ type: 'number', min: 0, message: 'Sort is at least 0' });
    expect(sort).toContainEqual({ type: 'number', max: 1_000_000, message: 'Sort is at most 1000000' });
  });

  it('checks the declared pattern with its message', () => {
    const rule = fieldRules(field('role', 'roleAlias'), 'zh').find((r) => 'pattern' in r);
    expect(rule).toMatchObject({ message: '角色别名以字母开头，只含字母数字下划线' });
    const pattern = rule && 'pattern' in rule ? rule.pattern : undefined;
    expect(pattern?.test('admin_2')).toBe(true);
    expect(pattern?.test('2admin')).toBe(false);
  });

  it('adds nothing to an optional unbounded field', () => {
    expect(fieldRules(field('tenant', 'address'), 'zh')).toEqual([]);
  });
});
