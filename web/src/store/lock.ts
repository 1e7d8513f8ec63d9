import { md5 } from 'js-md5';
import { create } from 'zustand';
import { getStore, removeStore, setStore, storeKey } from '../util/storage';

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

const digest = (salt: string, password: string): string => md5(`${salt}:${password}`);

/** Sets the lock password and the lock flag, for every tab. */
export function lockScreen(password: string): void {
  const salt = Math.random().toString(36).slice(2);
  const lockPasswd = digest(salt, password);
  setStore('lockSalt', salt);
  setStore('lockPasswd', lockPasswd);
  setStore('isLock', true);
  useLock.setState({ isLocked: true, lockPasswd, salt });
}

export function clearLock(): void {
  removeStore('lockSalt');
  removeStore('lockPasswd');
  removeStore('isLock');
  useLock.setState({ isLocked: false, lockPasswd: '', salt: '' });
}

/** Returns whether the password matched (and the screen is now unlocked in every tab). */
export function unlockScreen(password: string): boolean {
  const { lockPasswd, salt } = useLock.getState();
  if (digest(salt, password) !== lockPasswd) return false;
  clearLock();
  return true;
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
