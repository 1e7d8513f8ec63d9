// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareAntdInJsdom } from '../testing/antdInJsdom';
import { toastError } from './toast';

beforeAll(prepareAntdInJsdom);

const shown = (text: string) =>
  [...document.querySelectorAll('.ant-message-notice')].filter((n) => n.textContent === text).length;

describe('toastError', () => {
  it('shows a message once however many calls fail with it at a time, and different messages each', async () => {
    toastError('没有权限');
    toastError('没有权限');
    toastError('服务器开小差了');
    await waitFor(() => expect(shown('服务器开小差了')).toBe(1));
    expect(shown('没有权限')).toBe(1);
  });
});
