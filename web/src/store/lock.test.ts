// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { storeKey } from '../util/storage';
import { clearLock, followLockInOtherTabs, useLock } from './lock';
import { lockScreen, unlockScreen } from './lockPassword';

afterEach(() => clearLock());

describe('lock screen', () => {
  it('keeps the lock in local storage, for every tab, without the password itself', () => {
    lockScreen('s3cret');
    expect(useLock.getState().isLocked).toBe(true);
    expect(window.localStorage.getItem(storeKey('isLock'))).toContain('true');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('s3cret');
  });

  it('unlocks only with the lock password', () => {
    lockScreen('s3cret');
    expect(unlockScreen('nope')).toBe(false);
    expect(useLock.getState().isLocked).toBe(true);
    expect(unlockScreen('s3cret')).toBe(true);
    expect(useLock.getState().isLocked).toBe(false);
    expect(window.localStorage.getItem(storeKey('isLock'))).toBeNull();
  });

  it('follows a lock and an unlock made in another tab', () => {
    const stop = followLockInOtherTabs();
    lockScreen('s3cret');
    useLock.setState({ isLocked: false });
    window.dispatchEvent(new StorageEvent('storage', { key: storeKey('isLock') }));
    expect(useLock.getState().isLocked).toBe(true);
    window.localStorage.removeItem(storeKey('isLock'));
    window.dispatchEvent(new StorageEvent('storage', { key: storeKey('isLock') }));
    expect(useLock.getState().isLocked).toBe(false);
    stop();
  });
});
