import { resources } from '@blade/schema';
import Schema, { type Rules } from '@rc-component/async-validator';
import type { RuleObject } from 'antd/es/form';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fieldRules, orderRules } from './rules';

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

  it("limits text length and number range in the server's words", () => {
    const rules = fieldRules(field('tenantPackage', 'packageName'), 'zh');
    expect(rules).toContainEqual({ type: 'string', max: 50, message: '产品包名称不能超过 50 个字符' });
    const sort = fieldRules(field('post', 'sort'), 'en');
    expect(sort).toContainEqual({ type: 'number', min: 0, message: 'Sort must be at least 0' });
    expect(sort).toContainEqual({ type: 'number', max: 1_000_000, message: 'Sort must be at most 1000000' });
  });

  it('checks the column length of a text field that declares none', () => {
    expect(fieldRules(field('tenant', 'address'), 'zh')).toEqual([
      { type: 'string', max: 255, message: '联系地址不能超过 255 个字符' },
    ]);
  });

  it('checks the declared pattern with its message', () => {
    const rule = fieldRules(field('role', 'roleAlias'), 'zh').find((r) => 'pattern' in r);
    expect(rule).toMatchObject({ message: '角色别名以字母开头，只含字母数字下划线短横线' });
    const pattern = rule && 'pattern' in rule ? rule.pattern : undefined;
    expect(pattern?.test('admin_2')).toBe(true);
    // The message names the hyphen the pattern takes.
    expect(pattern?.test('shop-admin')).toBe(true);
    expect(pattern?.test('2admin')).toBe(false);
  });
});

/** The first message the field's rules give a value, or undefined when it passes. */
async function refusalOf(
  name: [string, string],
  value: unknown,
  language: 'zh' | 'en' = 'zh',
): Promise<string | undefined> {
  const rules = fieldRules(field(...name), language).filter((r) => !('required' in r));
  const schema = new Schema({ [name[1]]: rules as Rules[string] });
  try {
    await schema.validate({ [name[1]]: value }, { first: true });
    return undefined;
  } catch (error) {
    const errors = (error as { errors?: Array<{ message: string }> }).errors;
    return errors?.[0]?.message;
  }
}

describe('out-of-range numbers are refused, never clamped', () => {
  it.each([
    [['product', 'price'], -100, '售价不能小于 ¥0.00'],
    [['product', 'stock'], Number('99999999999999999999'), '库存不能大于 100000000'],
    [['lesson', 'durationMinutes'], -30, '时长(分钟)不能小于 0'],
    [['activity', 'quota'], -10, '名额不能小于 0'],
    [['role', 'sort'], -3, '排序不能小于 0'],
    [['tenant', 'accountNumber'], -7, '账号额度不能小于 -1'],
  ] as const)('%j %s', async (name, value, message) => {
    expect(await refusalOf([...name], value)).toBe(message);
  });

  it('takes the values within range, -1 as an unlimited tenant quota and yuan with cents', async () => {
    expect(await refusalOf(['tenant', 'accountNumber'], -1)).toBeUndefined();
    expect(await refusalOf(['product', 'price'], 19.99)).toBeUndefined();
    expect(await refusalOf(['product', 'price'], 19.999)).toBe('售价最多保留 2 位小数');
    expect(await refusalOf(['role', 'sort'], 2.5, 'en')).toBe('Sort must be a whole number');
  });

  it('checks lengths before sending, as the server words them', async () => {
    expect(await refusalOf(['param', 'paramName'], 'x'.repeat(256))).toBe('参数名称不能超过 255 个字符');
    expect(await refusalOf(['param', 'paramName'], 'x'.repeat(256), 'en')).toBe(
      'Name must be at most 255 characters',
    );
  });
});

describe('orderRules', () => {
  const rulesOf = (resource: string, name: string) => orderRules(field(resource, name), 'zh');

  it('refuses an activity ending before it starts, re-checked when the start changes', async () => {
    const { rules, dependencies } = rulesOf('activity', 'endTime');
    expect(dependencies).toEqual(['startTime']);
    const values: Record<string, unknown> = { startTime: dayjs('2026-05-02 10:00:00') };
    const rule = rules[0] as (form: { getFieldValue: (n: string) => unknown }) => RuleObject;
    const check = (v: unknown) =>
      rule({ getFieldValue: (n) => values[n] }).validator?.({}, v, () => {}) as Promise<void>;
    await expect(check(dayjs('2026-05-01 10:00:00'))).rejects.toThrow('结束时间不能早于开始时间');
    await expect(check(dayjs('2026-05-02 12:00:00'))).resolves.toBeUndefined();
  });

  it('refuses sign-up closing after the activity starts', () => {
    const { dependencies } = rulesOf('activity', 'signupEnd');
    expect(dependencies).toEqual(['signupStart', 'startTime']);
  });
});
