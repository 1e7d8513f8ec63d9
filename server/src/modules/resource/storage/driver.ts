/** Where uploaded objects live: the local disk or an S3-compatible service. */
export interface StorageDriver {
  /** Stores an object under `key`; answers the link a browser can open. */
  put(
    key: string,
    body: Buffer,
    how: { contentType: string; inline: boolean },
  ): Promise<{ link: string; domain: string }>;
  remove(key: string): Promise<void>;
}
