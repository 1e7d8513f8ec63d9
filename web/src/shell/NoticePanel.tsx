import { Avatar, Button, List, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useT } from '../i18n';
import type { NoticeEvent } from '../pages/desk/noticeStream';
import { loadNotices, NOTICE_PAGE } from '../pages/desk/useNotices';

/** The demo tabs (spec §2: sample items); the notices tab shows real notices. */
type Kind = 'mail' | 'message';

interface Sample {
  id: number;
  title: string;
  time: string;
  read: boolean;
}

const COLORS = ['#409EFF', '#67C23A', '#E6A23C', '#F56C6C', '#909399'];

function samples(count: number): Sample[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    return {
      id: n,
      title: String(n),
      time: `2026-01-${String((n % 28) + 1).padStart(2, '0')} 09:00`,
      read: n % 3 === 0,
    };
  });
}

const SAMPLES: Record<Kind, Sample[]> = { mail: samples(5), message: samples(5) };

/**
 * Real notices, newest first; new ones arrive through the notice stream, and 加载更多 adds the next
 * page of older ones until all are shown.
 */
function NoticeList({ notices, loading }: { notices: NoticeEvent[]; loading: boolean }) {
  const t = useT();
  const [older, setOlder] = useState<NoticeEvent[]>([]);
  const [pages, setPages] = useState(1);
  const [exhausted, setExhausted] = useState(false);
  const [busy, setBusy] = useState(false);
  // a notice published meanwhile moves the pages by one: never show one twice
  const shown = [...notices, ...older.filter((o) => !notices.some((n) => n.id === o.id))];
  const hasMore = !exhausted && notices.length >= NOTICE_PAGE;
  const more = async () => {
    setBusy(true);
    try {
      const next = await loadNotices(pages + 1);
      setOlder((o) => [...o, ...next.notices.filter((n) => !o.some((x) => x.id === n.id))]);
      setPages((p) => p + 1);
      setExhausted(next.notices.length < NOTICE_PAGE || (pages + 1) * NOTICE_PAGE >= next.total);
    } catch {
      // shown by the HTTP client
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="notice-scroll">
      <List
        size="small"
        className="notice-real-list"
        loading={loading}
        locale={{ emptyText: t('notice.empty') }}
        dataSource={shown}
        renderItem={(item) => (
          <List.Item>
            <List.Item.Meta title={item.title} description={item.releaseTime} />
          </List.Item>
        )}
      />
      {hasMore && (
        <Button block type="link" loading={busy} onClick={() => void more()}>
          {t('notice.more')}
        </Button>
      )}
    </div>
  );
}

/** The popover's tabs: the real notices first, then the spec's demo mail and messages, labelled as samples. */
export function NoticePanel({ notices, loading }: { notices: NoticeEvent[]; loading: boolean }) {
  const t = useT();
  const list = (kind: Kind) => (
    <div className="notice-scroll">
      <div className="notice-demo-note">{t('notice.demoNote')}</div>
      <List
        size="small"
        dataSource={SAMPLES[kind]}
        renderItem={(item) => (
          <List.Item
            extra={
              <Tag color={item.read ? 'default' : 'blue'}>
                {item.read ? t('notice.read') : t('notice.unread')}
              </Tag>
            }
          >
            <List.Item.Meta
              avatar={<Avatar style={{ background: COLORS[item.id % COLORS.length] }}>{item.id}</Avatar>}
              title={t('notice.sample', { n: item.title })}
              description={
                <span>
                  {item.time} <Tag>{t('notice.tag')}</Tag>
                </span>
              }
            />
          </List.Item>
        )}
      />
    </div>
  );

  return (
    <Tabs
      size="small"
      defaultActiveKey="notice"
      items={[
        {
          key: 'notice',
          label: t('notice.notice'),
          children: <NoticeList notices={notices} loading={loading} />,
        },
        { key: 'mail', label: t('notice.demoTab', { name: t('notice.mail') }), children: list('mail') },
        {
          key: 'message',
          label: t('notice.demoTab', { name: t('notice.message') }),
          children: list('message'),
        },
      ]}
    />
  );
}
