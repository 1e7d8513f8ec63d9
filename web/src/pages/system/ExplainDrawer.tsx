import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { resources, withScreens } from '@blade/schema';
import {
  Alert,
  Button,
  Drawer,
  Form,
  Input,
  Segmented,
  Select,
  Space,
  Steps,
  TreeSelect,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { getData } from '../../api/http';
import { leafPath } from '../../app/menu';
import type { Row } from '../../crud/fields';
import { useCrudText } from '../../crud/i18n';
import { treeOptions } from '../../crud/tree';

/** One link of the chain the server explains (server/src/modules/explain/explain.ts). */
interface ExplainLink {
  step: string;
  ok: boolean;
  title: string;
  reason: string;
  change?: { label: string; path: string };
  filter?: { words: string; expression: string };
}

interface Explanation {
  allowed: boolean;
  verdict: string;
  links: ExplainLink[];
}

type Kind = 'menu' | 'path' | 'record';

interface Question {
  userId?: string;
  menuCode?: string;
  method?: string;
  path?: string;
  resource?: string;
  id?: string;
}

const screens = withScreens(Object.values(resources));

/**
 * Why a user may or may not use a screen or button, call an API path, or see a resource's rows or
 * one record: the server's chain (tenant, account, roles, grant, API scope, data scope, record),
 * each link with ✓ or ✗, its reason and where it is changed, and a one-sentence verdict.
 * `user` fixes the user (the user list's row action); without it a user is picked (the role screen).
 */
export function ExplainDrawer({ open, user, onClose }: { open: boolean; user?: Row; onClose: () => void }) {
  const { t, language } = useCrudText();
  const [form] = Form.useForm<Question>();
  const [kind, setKind] = useState<Kind>('menu');
  const [menus, setMenus] = useState<Row[]>();
  const [users, setUsers] = useState<Row[]>([]);
  const [answer, setAnswer] = useState<Explanation>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setAnswer(undefined);
    form.resetFields();
    if (!menus) void getData<Row[]>('/blade-system/explain/menus').then(setMenus, () => {});
  }, [open, form, menus]);

  const menuTree = useMemo(
    () =>
      menus &&
      treeOptions(
        menus.map(function relabel(m: Row): Row {
          const children = Array.isArray(m.children) ? (m.children as Row[]).map(relabel) : undefined;
          return { ...m, id: String(m.code), ...(children ? { children } : {}) };
        }),
        language === 'en' ? 'alias' : 'title',
      ),
    [menus, language],
  );

  const findUsers = (text: string) =>
    void getData<{ records: Row[] }>('/blade-user/page', { params: { realName: text, size: 20 } }).then(
      (page) => setUsers(page.records),
      () => {},
    );

  const run = async (values: Question) => {
    const userId = user ? String(user.id) : values.userId;
    const params: Record<string, string> = { userId: userId ?? '' };
    if (kind === 'menu') params.menuCode = values.menuCode ?? '';
    if (kind === 'path') Object.assign(params, { path: values.path ?? '', method: values.method ?? 'GET' });
    if (kind === 'record') {
      params.resource = values.resource ?? '';
      if (values.id) params.id = values.id;
    }
    setBusy(true);
    try {
      setAnswer(await getData<Explanation>('/blade-system/explain', { params }));
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  const required = [{ required: true }];
  return (
    <Drawer
      title={user ? t('explainTitle', { name: String(user.realName ?? user.account ?? '') }) : t('explain')}
      open={open}
      onClose={onClose}
      size="min(640px, 100vw)"
      rootClassName="explain-drawer"
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={run} initialValues={{ method: 'GET' }}>
        {!user && (
          <Form.Item name="userId" label={t('explainUser')} rules={required}>
            <Select
              showSearch
              filterOption={false}
              placeholder={t('explainChooseUser')}
              onSearch={findUsers}
              onFocus={() => users.length === 0 && findUsers('')}
              options={users.map((u) => ({ value: String(u.id), label: `${u.realName} (${u.account})` }))}
            />
          </Form.Item>
        )}
        <Form.Item>
          <Segmented<Kind>
            block
            value={kind}
            onChange={setKind}
            options={[
              { value: 'menu', label: t('explainKindMenu') },
              { value: 'path', label: t('explainKindPath') },
              { value: 'record', label: t('explainKindRecord') },
            ]}
          />
        </Form.Item>
        {kind === 'menu' && (
          <Form.Item name="menuCode" label={t('explainMenu')} rules={required}>
            <TreeSelect treeData={menuTree} showSearch treeNodeFilterProp="title" loading={!menuTree} />
          </Form.Item>
        )}
        {kind === 'path' && (
          <Form.Item label={t('explainPath')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="method" noStyle>
                <Select
                  style={{ width: 96 }}
                  options={['GET', 'POST'].map((m) => ({ value: m, label: m }))}
                />
              </Form.Item>
              <Form.Item name="path" noStyle rules={required}>
                <Input placeholder="/api/blade-user/page" />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        )}
        {kind === 'record' && (
          <>
            <Form.Item name="resource" label={t('explainResource')} rules={required}>
              <Select
                showSearch
                optionFilterProp="label"
                options={screens.map((r) => ({ value: r.name, label: r.label[language] }))}
              />
            </Form.Item>
            <Form.Item name="id" label={t('explainRecordId')}>
              <Input inputMode="numeric" />
            </Form.Item>
          </>
        )}
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('explainRun')}
        </Button>
      </Form>
      {answer && (
        <div style={{ marginTop: 24 }}>
          <Alert type={answer.allowed ? 'success' : 'error'} showIcon message={answer.verdict} />
          <Steps
            direction="vertical"
            size="small"
            style={{ marginTop: 16 }}
            items={answer.links.map((link) => ({
              status: link.ok ? 'finish' : 'error',
              icon: link.ok ? (
                <CheckCircleFilled style={{ color: '#52c41a' }} />
              ) : (
                <CloseCircleFilled style={{ color: '#ff4d4f' }} />
              ),
              title: link.title,
              description: (
                <div data-step={link.step} style={{ overflowWrap: 'anywhere' }}>
                  <div>{link.reason}</div>
                  {link.filter && (
                    <div>
                      {t('explainFilter')}: <Typography.Text code>{link.filter.expression}</Typography.Text>
                    </div>
                  )}
                  {link.change?.path && (
                    <Link to={leafPath(link.change.path, link.change.label)} onClick={onClose}>
                      {t('explainChangeAt', { label: link.change.label })}
                    </Link>
                  )}
                </div>
              ),
            }))}
          />
        </div>
      )}
    </Drawer>
  );
}
