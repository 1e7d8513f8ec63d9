import { create } from 'zustand';
import { getStore, removeStore, setStore } from '../util/storage';

interface LockState {
  isLocked: boolean;
  lockPasswd: string;
}

export const useLock = create<LockState>(() => ({
  isLocked: getStore('isLock', false),
  lockPasswd: getStore('lockPasswd', ''),
}));

/** Sets the lock password (kept for the session) and the lock flag. */
export function lockScreen(password: string): void {
  setStore('lockPasswd', password, 'session');
  setStore('isLock', true, 'session');
  useLock.setState({ isLocked: true, lockPasswd: password });
}

export function clearLock(): void {
  removeStore('lockPasswd');
  removeStore('isLock');
  useLock.setState({ isLocked: false, lockPasswd: '' });
}

/** Returns whether the password matched (and the screen is now unlocked). */
export function unlockScreen(password: string): boolean {
  if (password !== useLock.getState().lockPasswd) return false;
  clearLock();
  return true;
}
