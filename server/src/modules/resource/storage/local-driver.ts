import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { StorageDriver } from './driver.js';

/** Public path prefix under which local objects are served. */
export const LOCAL_FILES_PREFIX = '/files/';

/** A key is only ever letters, digits, '-', '_', '.' and '/': never a client's file name. */
const SAFE_KEY = /^[\w-]+(\/[\w-]+)*\/[\w-]+\.[a-z0-9]+$/;

/** Objects under DATA_DIR/files, served by the server itself at /files/<key>. */
export class LocalDriver implements StorageDriver {
  constructor(private readonly root: string) {}

  /** The file of a key, or undefined when the key is not one this driver could have made. */
  pathOf(key: string): string | undefined {
    if (!SAFE_KEY.test(key)) return undefined;
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
