import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { OutboundGuard } from '../../../core/outbound.js';
import { trimSlashes } from '../../../core/text.js';
import type { StorageDriver } from './driver.js';

export interface S3Settings {
  endpoint: string;
  region: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** Public base of links (a CDN or the bucket's domain); the endpoint and bucket otherwise. */
  domain?: string | undefined;
}

/** MinIO, AWS S3 and the S3 APIs of Aliyun, Tencent and Qiniu, through AWS SDK v3. */
export class S3Driver implements StorageDriver {
  private readonly client: S3Client;

  /** Every connection goes through the outbound guard: the endpoint is a tenant's setting. */
  constructor(
    private readonly settings: S3Settings,
    private readonly outbound: OutboundGuard,
  ) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region || 'us-east-1',
      credentials: { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey },
      forcePathStyle: true,
      requestHandler: outbound.agents(),
    });
  }

  private base(): string {
    const custom = this.settings.domain ? trimSlashes(this.settings.domain) : undefined;
    return custom || `${trimSlashes(this.settings.endpoint)}/${this.settings.bucket}`;
  }

  async put(
    key: string,
    body: Buffer,
    how: { contentType: string; inline: boolean },
  ): Promise<{ link: string; domain: string }> {
    this.outbound.assertUrl(this.settings.endpoint);
    // The store serves the object itself: anything a browser could run is stored as a download.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: body,
        ContentType: how.contentType,
        ...(how.inline ? {} : { ContentDisposition: 'attachment' }),
      }),
    );
    const domain = this.base();
    return { link: `${domain}/${key}`, domain };
  }

  async remove(key: string): Promise<void> {
    this.outbound.assertUrl(this.settings.endpoint);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }
}
