import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { NoticeBus, NoticeEvent } from './notice-bus.js';

/**
 * Notices through Redis pub/sub: a notice published by any process reaches the browsers
 * connected to every process. One subscriber connection per process fans out locally.
 */
export class RedisNoticeBus implements NoticeBus {
  private readonly local = new EventEmitter().setMaxListeners(0);
  private readonly ready: Promise<unknown>;
  private readonly channel: string;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    prefix: string,
  ) {
    this.channel = `${prefix}notice:`;
    this.subscriber.on('pmessage', (_pattern: string, channel: string, message: string) => {
      this.local.emit(channel.slice(this.channel.length), JSON.parse(message) as NoticeEvent);
    });
    this.ready = this.subscriber.psubscribe(`${this.channel}*`);
  }

  async publish(tenantId: string, event: NoticeEvent): Promise<void> {
    await this.ready;
    await this.publisher.publish(this.channel + tenantId, JSON.stringify(event));
  }

  subscribe(tenantId: string, listener: (event: NoticeEvent) => void): () => void {
    this.local.on(tenantId, listener);
    return () => this.local.off(tenantId, listener);
  }

  async close(): Promise<void> {
    await Promise.all([this.subscriber.quit(), this.publisher.quit()]);
  }
}
