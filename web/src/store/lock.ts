import { create } from 'zustand';
import { getStore, removeStore, storeKey } from '../util/storage';

interface LockState {
  isLocked: boolean;
  /** md5 of salt and lock password, never the password itself. */
  lockPasswd: string;
  salt: string;
}

/*
 * Locked means locked in every tab of this browser until unlocked or signed out, so the lock lives
 * in local storage (a new tab reads it at start) and other tabs follow it through storage events.
 */
const read = (): LockState => ({
  isLocked: getStore('isLock', false),
  lockPasswd: getStore('lockPasswd', ''),
  salt: getStore('lockSalt', ''),
});

export const useLock = create<LockState>(read);

export function clearLock(): void {
  removeStore('lockSalt');
  removeStore('lockPasswd');
  removeStore('isLock');
  useLock.setState({ isLocked: false, lockPasswd: '', salt: '' });
}

/** Follows locks and unlocks made in other tabs; returns the stop function. */
export function followLockInOtherTabs(): () => void {
  const key = storeKey('isLock');
  const onStorage = (e: StorageEvent) => {
    if (e.key === key || e.key === null) useLock.setState(read());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
