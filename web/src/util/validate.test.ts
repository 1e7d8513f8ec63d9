import { describe, expect, it } from 'vitest';
import { checkPhone, isEmpty } from './validate';

describe('isEmpty', () => {
  it.each([null, undefined, 'null', 'undefined', '', [], {}])('treats %j as empty', (v) => {
    expect(isEmpty(v)).toBe(true);
  });
  it.each([
    0,
    1,
    -1,
    Number.NaN,
    false,
    true,
    'a',
    ' ',
    [0],
    { a: 1 },
    new Date(0),
  ])('treats %j as not empty', (v) => {
    expect(isEmpty(v)).toBe(false);
  });
});

describe('checkPhone', () => {
  it('accepts an 11-digit mainland mobile number', () => {
    expect(checkPhone('13812345678')).toBeNull();
    expect(checkPhone('19900000000')).toBeNull();
  });
  it('reports an empty value', () => {
    expect(checkPhone('')).toBe('empty');
    expect(checkPhone(null)).toBe('empty');
    expect(checkPhone(undefined)).toBe('empty');
  });
  it('reports a length other than 11', () => {
    expect(checkPhone('1381234567')).toBe('length');
    expect(checkPhone('138123456789')).toBe('length');
  });
  it('rejects any other 11-character value', () => {
    expect(checkPhone('01012345678')).toBe('format');
    expect(checkPhone('12812345678')).toBe('format');
    expect(checkPhone('1381234567a')).toBe('format');
    expect(checkPhone('010-1234567')).toBe('format');
  });
});
