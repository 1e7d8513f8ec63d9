import type { ErrorLogEntry } from '../store/errorLog';
import { md5Hex } from './auth';
import { bearer, getData, request } from './http';

export interface Profile {
  id: string;
  account?: string;
  avatar?: string;
  realName?: string;
  name?: string;
  phone?: string;
  email?: string;
}

export const getProfile = (): Promise<Profile> => getData<Profile>('/blade-user/info');

export interface ProfileForm {
  avatar: string;
  realName: string;
  name: string;
  phone: string;
  email: string;
}

export const updateInfo = (form: ProfileForm): Promise<unknown> =>
  request('/blade-user/update-info', { method: 'POST', body: form });

/**
 * Changes the signed-in user's password. `token` is given right after signing in with a one-time
 * password, before the session is stored: that sign-in goes on, and a refresh lifts its hold.
 */
export const updatePassword = async (
  oldPassword: string,
  newPassword: string,
  newPassword1: string,
  token?: string,
): Promise<unknown> =>
  request('/blade-user/update-password', {
    method: 'POST',
    params: {
      oldPassword: await md5Hex(oldPassword),
      newPassword: await md5Hex(newPassword),
      newPassword1: await md5Hex(newPassword1),
    },
    ...(token ? { auth: false, headers: bearer(token) } : {}),
  });

export interface DeptOption {
  id: string;
  deptName: string;
}

export interface RoleOption {
  id: string;
  roleName: string;
}

/** Switch dialog options; `token` is given during sign-in, before the session is stored. */
export const deptSelect = (userId: string, token?: string): Promise<DeptOption[]> =>
  getData('/blade-system/dept/select', {
    params: { userId },
    ...(token ? { auth: false, headers: bearer(token) } : {}),
  });

export const roleSelect = (userId: string, token?: string): Promise<RoleOption[]> =>
  getData('/blade-system/role/select', {
    params: { userId },
    ...(token ? { auth: false, headers: bearer(token) } : {}),
  });

/** The most one upload carries: the server refuses bodies over 512 KB. */
const UPLOAD_BYTES = 384 * 1024;

/** Splits entries into uploads that each stay under UPLOAD_BYTES once sent as JSON. */
export function uploadBatches(logs: ErrorLogEntry[]): ErrorLogEntry[][] {
  const encoder = new TextEncoder();
  const batches: ErrorLogEntry[][] = [];
  let batch: ErrorLogEntry[] = [];
  let bytes = 2;
  for (const entry of logs) {
    const size = encoder.encode(JSON.stringify(entry)).length + 1;
    if (batch.length > 0 && bytes + size > UPLOAD_BYTES) {
      batches.push(batch);
      batch = [];
      bytes = 2;
    }
    batch.push(entry);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

export async function uploadErrorLogs(logs: ErrorLogEntry[]): Promise<void> {
  for (const batch of uploadBatches(logs))
    await request('/blade-log/error/upload', { method: 'POST', body: batch });
}
