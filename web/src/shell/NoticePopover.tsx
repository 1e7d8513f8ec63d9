import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover } from 'antd';
import { lazy, Suspense } from 'react';
import { useT } from '../i18n';
import { useNotices } from '../pages/desk/useNotices';

/** The popover's content, loaded when it first opens. */
const NoticePanel = lazy(() => import('./NoticePanel').then((m) => ({ default: m.NoticePanel })));

/**
 * Notice popover (spec §2): the real notices first (加载更多 pages through older ones); the mail and
 * message tabs hold demo items, labelled as samples; the bell's dot lights when a notice is published.
 */
export function NoticePopover() {
  const t = useT();
  const { notices, loading: noticesLoading, fresh, seen } = useNotices();
  return (
    <Popover
      trigger="click"
      // Centred under the bell and shifted to stay on the screen (a phone is narrower than the panel).
      placement="bottom"
      onOpenChange={(open) => open && seen()}
      styles={{ container: { width: 'min(350px, calc(100vw - 16px))' } }}
      content={
        <Suspense fallback={null}>
          <NoticePanel notices={notices} loading={noticesLoading} />
        </Suspense>
      }
    >
      <Button type="text" className="shell-icon-btn" aria-label={t('top.notice')} title={t('top.notice')}>
        <Badge dot={fresh} className={fresh ? 'notice-fresh' : undefined}>
          <BellOutlined />
        </Badge>
      </Button>
    </Popover>
  );
}
