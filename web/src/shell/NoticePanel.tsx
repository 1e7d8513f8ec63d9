import { Avatar, Button, List, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useT } from '../i18n';
import type { NoticeEvent } from '../pages/desk/noticeStream';

/** The demo tabs (spec §2); the notices tab shows real notices. */
type Kind = 'mail' | 'message';

interface Sample {
  id: number;
  title: string;
  time: string;
  read: boolean;
}

const PAGE = 5;
const COLORS = ['#409EFF', '#67C23A', '#E6A23C', '#F56C6C', '#909399'];

function samples(from: number, count: number): Sample[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i + 1;
    return {
      id: n,
      title: String(n),
      time: `2026-01-${String((n % 28) + 1).padStart(2, '0')} 09:00`,
      read: n % 3 === 0,
    };
  });
}

/** Real notices, newest first; new ones arrive through the notice stream. */
function NoticeList({ notices, loading }: { notices: NoticeEvent[]; loading: boolean }) {
  const t = useT();
  return (
    <div className="notice-scroll">
      <List
        size="small"
        className="notice-real-list"
        loading={loading}
        locale={{ emptyText: t('notice.empty') }}
        dataSource={notices}
        renderItem={(item) => (
          <List.Item>
            <List.Item.Meta title={item.title} description={item.releaseTime} />
          </List.Item>
        )}
      />
    </div>
  );
}

/** The popover's tabs: demo mail and messages (paging appends more after 1 s) and the real notices. */
export function NoticePanel({
  notices,
  loading: noticesLoading,
}: {
  notices: NoticeEvent[];
  loading: boolean;
}) {
  const t = useT();
  const [items, setItems] = useState<Record<Kind, Sample[]>>({
    mail: samples(0, PAGE),
    message: samples(0, PAGE),
  });
  const [loading, setLoading] = useState<Kind | null>(null);

  const more = (kind: Kind) => {
    setLoading(kind);
    setTimeout(() => {
      setItems((s) => ({ ...s, [kind]: [...s[kind], ...samples(s[kind].length, PAGE)] }));
      setLoading(null);
    }, 1000);
  };

  const list = (kind: Kind) => (
    <div className="notice-scroll">
      <List
        size="small"
        dataSource={items[kind]}
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
      <Button block type="link" loading={loading === kind} onClick={() => more(kind)}>
        {t('notice.more')}
      </Button>
    </div>
  );

  return (
    <Tabs
      size="small"
      items={[
        { key: 'mail', label: t('notice.mail'), children: list('mail') },
        { key: 'message', label: t('notice.message'), children: list('message') },
        {
          key: 'notice',
          label: t('notice.notice'),
          children: <NoticeList notices={notices} loading={noticesLoading} />,
        },
      ]}
    />
  );
}
