import { describe, expect, it } from 'vitest';
import { checkPhones, parseSmsParams, splitPhones } from './smsInput';

describe('SMS send input', () => {
  it('splits a phone list on commas and spaces', () => {
    expect(splitPhones('13800138000, 13900139000，13700137000')).toEqual([
      '13800138000',
      '13900139000',
      '13700137000',
    ]);
  });

  it('checks every number with the spec rule', () => {
    expect(checkPhones('')).toBe('empty');
    expect(checkPhones(' , ')).toBe('empty');
    expect(checkPhones('13800138000,1380013800')).toBe('length');
    expect(checkPhones('13800138000,12800138000')).toBe('format');
    expect(checkPhones('13800138000,15912345678')).toBeNull();
  });

  it('takes the parameters only as a JSON object', () => {
    expect(parseSmsParams('')).toEqual({});
    expect(parseSmsParams('{"code":"1234"}')).toEqual({ code: '1234' });
    expect(parseSmsParams('[1]')).toBeNull();
    expect(parseSmsParams('{code')).toBeNull();
  });
});
