import sanitizeHtml from 'sanitize-html';
import { dbTimeToDate, toWireTime } from '../../core/time.js';
import type { ResourceHooks } from '../../crud/hooks.js';

/** Rich text as stored: formatting, links and images kept; scripts, handlers and styles gone. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
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
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}

/** Notices: content sanitised on the way in; published ones announced to their tenant once saved. */
export const noticeHooks: ResourceHooks = {
  beforeWrite(_ctx, values) {
    if (typeof values.content === 'string') values.content = sanitizeRichText(values.content);
  },
  async afterCommit(ctx, id) {
    const row = await ctx.db
      .selectFrom('blade_notice')
      .select(['title', 'category', 'release_time'])
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row?.release_time || dbTimeToDate(String(row.release_time)).getTime() > Date.now()) return;
    await ctx.services.notices.publish(ctx.auth.tenantId, {
      id: String(id),
      title: String(row.title),
      category: Number(row.category),
      releaseTime: toWireTime(String(row.release_time), ctx.services.config.timeZone),
    });
  },
};
