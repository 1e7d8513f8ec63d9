import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccessClaims } from '../../core/http.js';
import { TokenSigner } from './tokens.js';

const claims: AccessClaims = {
  userId: 7,
  tenantId: '000000',
  sessionId: 11,
  clientId: 'saber',
  account: 'admin',
  deptId: null,
  roleIds: [1, 2],
};

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verify the same token again from memory, as a copy the caller may change', async () => {
    const signer = new TokenSigner('a-secret-of-some-length-0123456789', 'blade');
    const token = await signer.sign(claims, 60);
    const first = await signer.verify(token);
    expect(first).toEqual(claims);
    first!.roleIds.push(99);
    expect(await signer.verify(token)).toEqual(claims);
  });

  it('refuse a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T10:00:00Z'));
    const signer = new TokenSigner('a-secret-of-some-length-0123456789', 'blade');
    const token = await signer.sign(claims, 60);
    expect(await signer.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-26T10:01:01Z'));
    expect(await signer.verify(token)).toBeUndefined();
  });

  it('never remember a token another key or a changed payload made', async () => {
    const signer = new TokenSigner('a-secret-of-some-length-0123456789', 'blade');
    const other = new TokenSigner('another-secret-of-some-length-987', 'blade');
    const token = await other.sign(claims, 60);
    expect(await signer.verify(token)).toBeUndefined();
    expect(await signer.verify(token)).toBeUndefined();
    const good = await signer.sign(claims, 60);
    const [header, , signature] = good.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: '1', tid: '000000', sid: '11', iss: 'blade', exp: 4e9 })).toString('base64url')}.${signature}`;
    expect(await signer.verify(good)).toEqual(claims);
    expect(await signer.verify(forged)).toBeUndefined();
  });
});
