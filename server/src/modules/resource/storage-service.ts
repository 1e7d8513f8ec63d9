import { randomBytes } from 'node:crypto';
import type { StoredFile } from '@blade/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { AuthContext } from '../../core/http.js';
import { nextId } from '../../core/ids.js';
import { isOutboundRefused, type OutboundGuard } from '../../core/outbound.js';
import { SecretBox } from '../../core/secret-box.js';
import { trimSlashes } from '../../core/text.js';
import { utcNow } from '../../core/time.js';
import { created } from '../../db/audit.js';
import type { Database, OssTable } from '../../db/tables.js';
import { checkFile, isStoredNonImage, showsInline, type UploadPurpose } from './file-check.js';
import type { StorageDriver } from './storage/driver.js';
import type { LocalDriver } from './storage/local-driver.js';
import { S3Driver } from './storage/s3-driver.js';

/** A client's file name as a label only: no path separators or control characters, 255 at most. */
const cleanName = (name: string): string =>
  [...name]
    .map((c) => (c === '/' || c === '\\' || c.charCodeAt(0) < 32 ? '_' : c))
    .join('')
    .slice(0, 255);

/**
 * A storage failure as answered: an address the outbound guard refuses says so (the same answer
 * whatever listens there); any other failure is the storage being unavailable.
 */
const storageError = (error: unknown): AppError =>
  isOutboundRefused(error) ? new AppError(400, 'storagePrivate') : new AppError(503, 'storageFailed');

/** The oss dictionary key of local-disk storage; every other kind speaks S3. */
export const LOCAL_STORAGE = 1;
const AVATAR_MAX_BYTES = 500 * 1024;

export interface UploadedFile {
  originalName: string;
  body: Buffer;
}

export type { StoredFile };

type OssRow = Pick<
  OssTable,
  | 'id'
  | 'category'
  | 'endpoint'
  | 'access_key'
  | 'secret_key'
  | 'bucket_name'
  | 'region'
  | 'app_path'
  | 'domain'
>;

/**
 * Stores uploads through the tenant's enabled storage configuration (local disk when none is),
 * after checking their bytes, and records each one as an attachment.
 */
export class StorageService {
  constructor(
    readonly local: LocalDriver,
    private readonly box: SecretBox,
    private readonly outbound: OutboundGuard,
  ) {}

  driverOf(row: OssRow | undefined): StorageDriver {
    if (!row || row.category === LOCAL_STORAGE) return this.local;
    return new S3Driver(
      {
        endpoint: row.endpoint ?? '',
        region: row.region ?? '',
        accessKey: row.access_key ?? '',
        secretKey: row.secret_key && SecretBox.isSealed(row.secret_key) ? this.box.open(row.secret_key) : '',
        bucket: row.bucket_name ?? '',
        domain: row.domain ?? undefined,
      },
      this.outbound,
    );
  }

  private configOf(db: Kysely<Database>, id?: number | null) {
    let q = db
      .selectFrom('blade_oss')
      .select([
        'id',
        'category',
        'endpoint',
        'access_key',
        'secret_key',
        'bucket_name',
        'region',
        'app_path',
        'domain',
      ])
      .where('is_deleted', '=', 0);
    q = id ? q.where('id', '=', id) : q.where('enabled', '=', 1);
    return q.executeTakeFirst();
  }

  async put(auth: AuthContext, file: UploadedFile, purpose: UploadPurpose): Promise<StoredFile> {
    if (purpose === 'avatar' && file.body.length > AVATAR_MAX_BYTES) throw new AppError(400, 'avatarType');
    const checked = await checkFile(file.body, file.originalName, purpose);
    const config = await this.configOf(auth.db);
    const folder = trimSlashes(config?.app_path ?? '', 'both') || 'upload';
    const day = utcNow().slice(0, 10).replace(/-/g, '');
    const name = `${folder}/${auth.tenantId}/${day}/${randomBytes(16).toString('hex')}.${checked.extension}`;
    let stored: { link: string; domain: string };
    try {
      stored = await this.driverOf(config).put(name, file.body, {
        contentType: checked.contentType,
        inline: showsInline(checked.extension),
      });
    } catch (error) {
      throw storageError(error);
    }
    const attachId = nextId();
    const now = utcNow();
    const originalName = cleanName(file.originalName) || `file.${checked.extension}`;
    await auth.db
      .insertInto('blade_attach')
      .values({
        id: attachId,
        tenant_id: auth.tenantId,
        link: stored.link,
        domain: stored.domain,
        name,
        original_name: originalName,
        extension: checked.extension,
        attach_size: file.body.length,
        content_type: checked.contentType,
        oss_id: config?.id ?? null,
        ...created(auth, now),
      })
      .execute();
    return { link: stored.link, domain: stored.domain, name, originalName, attachId: String(attachId) };
  }

  /** Whether a link names one of our stored uploads that is not an image (for image fields). */
  isStoredNonImage(link: string): boolean {
    return isStoredNonImage(link);
  }

  /** Deletes the stored objects of attachments (when their records are removed). */
  async removeObjects(db: Kysely<Database>, attachIds: number[]): Promise<void> {
    if (attachIds.length === 0) return;
    const rows = await db
      .selectFrom('blade_attach')
      .select(['name', 'oss_id'])
      .where('id', 'in', attachIds)
      .execute();
    for (const row of rows) {
      const config = row.oss_id ? await this.configOf(db, row.oss_id) : undefined;
      try {
        await this.driverOf(config).remove(row.name);
      } catch (error) {
        throw storageError(error);
      }
    }
  }
}
