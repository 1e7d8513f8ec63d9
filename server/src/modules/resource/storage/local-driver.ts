import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { StorageDriver } from './driver.js';

/**
 * Public path prefix under which local objects are served: under /api, the one path a front end
 * proxies to this server (Saber's development server and a Saber build's nginx alike).
 */
export const LOCAL_FILES_PREFIX = '/api/files/';

/** Where links stored before pointed; still served, by the same handler. */
export const LEGACY_FILES_PREFIX = '/files/';

const FOLDER = /^[\w-]+$/;
const FILE = /^[\w-]+\.[a-z0-9]+$/;
const MAX_KEY = 512;

/**
 * A key is only ever folders of letters, digits, '-' and '_', then a name with an extension:
 * never a client's file name. Checked segment by segment (one pattern over the whole key would
 * backtrack over its slashes).
 */
function isSafeKey(key: string): boolean {
  if (key.length > MAX_KEY) return false;
  const parts = key.split('/');
  const file = parts.pop() ?? '';
  return parts.length > 0 && parts.every((p) => FOLDER.test(p)) && FILE.test(file);
}

/** Objects under DATA_DIR/files, served by the server itself at /api/files/<key>. */
export class LocalDriver implements StorageDriver {
  constructor(private readonly root: string) {}

  /** The file of a key, or undefined when the key is not one this driver could have made. */
  pathOf(key: string): string | undefined {
    if (!isSafeKey(key)) return undefined;
    const full = resolve(this.root, key);
    return full.startsWith(resolve(this.root) + sep) ? full : undefined;
  }

  async put(key: string, body: Buffer): Promise<{ link: string; domain: string }> {
    const path = this.pathOf(key);
    if (!path) throw new Error(`unsafe storage key ${key}`);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, body, { flag: 'wx' });
    return { link: `${LOCAL_FILES_PREFIX}${key}`, domain: '' };
  }

  async remove(key: string): Promise<void> {
    const path = this.pathOf(key);
    if (path) await rm(path, { force: true });
  }

  static under(dataDir: string): LocalDriver {
    return new LocalDriver(join(dataDir, 'files'));
  }
}
