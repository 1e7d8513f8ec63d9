import { md5 } from 'js-md5';
import { setStore } from '../util/storage';
import { clearLock, useLock } from './lock';

// Apart from the lock state, so the md5 code loads with the lock dialog and page only.

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

/** Returns whether the password matched (and the screen is now unlocked in every tab). */
export function unlockScreen(password: string): boolean {
  const { lockPasswd, salt } = useLock.getState();
  if (digest(salt, password) !== lockPasswd) return false;
  clearLock();
  return true;
}
