import { EventEmitter } from 'node:events';

/** What a signed-in browser is told when a notice is published. */
export interface NoticeEvent {
  id: string;
  title: string;
  category: number;
  releaseTime: string;
}

/**
 * Delivers published notices to the browsers of their tenant. In-process by default; a Redis
 * pub/sub implementation of the same interface makes every process deliver every notice.
 */
export interface NoticeBus {
  publish(tenantId: string, event: NoticeEvent): Promise<void>;
  subscribe(tenantId: string, listener: (event: NoticeEvent) => void): () => void;
  close(): Promise<void>;
}

export class LocalNoticeBus implements NoticeBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(tenantId: string, event: NoticeEvent): Promise<void> {
    this.emitter.emit(tenantId, event);
  }

  subscribe(tenantId: string, listener: (event: NoticeEvent) => void): () => void {
    this.emitter.on(tenantId, listener);
    return () => this.emitter.off(tenantId, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
