import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import sanitizeHtml from 'sanitize-html';

/**
 * What rich text keeps: formatting, links and images; scripts, handlers, styles and any link
 * that is not http(s) (or mailto) go. Plain data, so the worker thread applies the same rules.
 */
const RULES = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'sub',
    'sup',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'span',
    'div',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
};
/** Every kept link opens without handing the opener to the page it opens. */
const LINK_REL = { rel: 'noopener noreferrer' };

/** Rich text as stored. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, { ...RULES, transformTags: { a: sanitizeHtml.simpleTransform('a', LINK_REL) } });
}

/** Above this size sanitising takes long enough (tens of ms) to hold up other requests. */
const INLINE_MAX = 16 * 1024;

/** The worker: sanitize-html with the same rules, one message per text. Plain JavaScript (no build step). */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const sanitizeHtml = require(workerData.module);
const options = {
  ...workerData.rules,
  transformTags: { a: sanitizeHtml.simpleTransform('a', workerData.rel) },
};
parentPort.on('message', ({ id, html }) => {
  try {
    parentPort.postMessage({ id, html: sanitizeHtml(html, options) });
  } catch (e) {
    parentPort.postMessage({ id, error: String((e && e.message) || e) });
  }
});
`;

type Answer = { id: number; html?: string; error?: string };

/**
 * Sanitises rich text off the request thread when it is large: the parser is synchronous, and a
 * 200,000-character text would otherwise hold every other request for 100 ms or more.
 */
export class RichTextSanitizer {
  private worker: Worker | undefined;
  private readonly pending = new Map<
    number,
    { worker: Worker; resolve: (html: string) => void; reject: (e: Error) => void }
  >();
  private next = 0;

  async clean(html: string): Promise<string> {
    if (html.length <= INLINE_MAX) return sanitizeRichText(html);
    const worker = this.start();
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { worker, resolve, reject });
      worker.postMessage({ id, html });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        module: createRequire(import.meta.url).resolve('sanitize-html'),
        rules: RULES,
        rel: LINK_REL,
      },
    });
    worker.unref();
    worker.on('message', (answer: Answer) => {
      const waiting = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if (answer.error !== undefined) waiting?.reject(new Error(answer.error));
      else waiting?.resolve(answer.html ?? '');
    });
    const gone = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, waiting] of this.pending) {
        if (waiting.worker !== worker) continue;
        this.pending.delete(id);
        waiting.reject(error);
      }
    };
    worker.on('error', gone);
    worker.on('exit', () => gone(new Error('the rich text worker stopped')));
    this.worker = worker;
    return worker;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
