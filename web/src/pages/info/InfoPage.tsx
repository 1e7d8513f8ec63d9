import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Avatar, Button, Card, Form, Input, Tabs, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { usePasswordMinLength } from '../../api/passwordPolicy';
import { getProfile, type ProfileForm, updateInfo, updatePassword } from '../../api/user';
import { website } from '../../config';
import { useT } from '../../i18n';
import { patchUserInfo } from '../../store/session';
import { checkPhone } from '../../util/validate';
import { useConfirm } from '../flow/useConfirm';
import { putFile } from '../resource/fileApi';
import { onlineApi } from '../system/onlineApi';
import { SessionTable } from '../system/SessionTable';
import '../system/online.css';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/** The server answers null for unset fields and accepts only strings. */
const toForm = (p: Partial<Record<keyof ProfileForm, string | null>>): ProfileForm => ({
  avatar: p.avatar ?? '',
  realName: p.realName ?? '',
  name: p.name ?? '',
  phone: p.phone ?? '',
  email: p.email ?? '',
});

function ProfileTab() {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileForm>();
  const [uploading, setUploading] = useState(false);
  const profile = useQuery({ queryKey: ['profile'], queryFn: getProfile });
  const avatar = Form.useWatch('avatar', form);

  useEffect(() => {
    if (profile.data) form.setFieldsValue(toForm(profile.data));
  }, [profile.data, form]);

  // A refusal needs no handling here: the client has shown the server's message.
  const save = useMutation({
    mutationFn: (values: ProfileForm) => updateInfo(values),
    onSuccess: (_, values) => {
      patchUserInfo({ avatar: values.avatar, realName: values.realName, userName: values.name });
      void message.success(t('common.success'));
    },
  });

  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 520 }}
      onFinish={(raw) => save.mutate(toForm(raw))}
    >
      <Form.Item
        name="avatar"
        label={t('info.avatar')}
        extra={t('info.avatarTip')}
        // the field holds the stored link (set after the upload), never the Upload's own change event
        getValueFromEvent={(e: unknown) => (typeof e === 'string' ? e : form.getFieldValue('avatar'))}
      >
        <Upload
          accept=".jpg,.jpeg,.png"
          listType="picture-card"
          showUploadList={false}
          beforeUpload={(file) => {
            if (!['image/jpeg', 'image/png'].includes(file.type)) {
              void message.error(t('info.avatarType'));
              return Upload.LIST_IGNORE;
            }
            if (file.size > website.avatarMaxKb * 1024) {
              void message.error(t('info.avatarSize'));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            setUploading(true);
            // the avatar purpose makes the server hold it to jpg/png of at most 500 KB
            putFile(file as File, 'avatar')
              .then(({ link }) => {
                form.setFieldValue('avatar', link);
                onSuccess?.(link);
              })
              .catch((e: Error) => onError?.(e))
              .finally(() => setUploading(false));
          }}
        >
          {avatar ? (
            <Avatar shape="square" size={96} src={avatar} />
          ) : (
            <div>
              {uploading ? <LoadingOutlined /> : <PlusOutlined />}
              <div>{t('info.avatarUpload')}</div>
            </div>
          )}
        </Upload>
      </Form.Item>
      <Form.Item name="realName" label={t('info.realName')}>
        <Input />
      </Form.Item>
      <Form.Item name="name" label={t('info.name')}>
        <Input />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('info.phone')}
        // the spec's phone check refuses an empty phone, so the field shows as required
        required
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const problem = checkPhone(value);
              if (problem) throw new Error(t(`phone.${problem}`));
            },
          },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('info.email')}
        rules={[{ type: 'email', message: t('info.emailInvalid') }]}
      >
        <Input />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('common.submit')}
      </Button>
    </Form>
  );
}

function PasswordTab() {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const minLength = usePasswordMinLength();

  // A refusal needs no handling here: the client has shown the server's message.
  const save = useMutation({
    mutationFn: (v: PasswordForm) => updatePassword(v.oldPassword, v.newPassword, v.newPassword1),
    onSuccess: () => {
      form.resetFields();
      void message.success(t('common.success'));
    },
  });

  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 520 }} onFinish={(v) => save.mutate(v)}>
      <Form.Item
        name="oldPassword"
        label={t('info.oldPassword')}
        rules={[{ required: true, message: t('info.oldPasswordRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('info.newPassword')}
        rules={[
          { required: true, message: t('info.newPasswordRequired') },
          { min: minLength, message: t('info.newPasswordTooShort', { min: minLength }) },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('info.newPassword1')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('info.newPassword1Required') },
          ({ getFieldValue }) => ({
            validator: async (_, value: string) => {
              if (value && value !== getFieldValue('newPassword'))
                throw new Error(t('info.passwordMismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('common.submit')}
      </Button>
    </Form>
  );
}

/** The caller's own live sessions; it ends any but the one it is using. */
function SessionsTab() {
  const t = useT();
  const confirm = useConfirm();
  const sessions = useQuery({
    queryKey: ['my-sessions'],
    queryFn: () => onlineApi.mine({ current: 1, size: 200 }),
  });
  return (
    <SessionTable
      rows={sessions.data?.records ?? []}
      loading={sessions.isLoading}
      showTenant={false}
      onEnd={(s) =>
        confirm({
          content: t('online.confirmEndMine'),
          action: () => onlineApi.endMine([s.id]),
          done: () => void sessions.refetch(),
          success: t('online.ended'),
        })
      }
      pagination={false}
    />
  );
}

/** /info/index: personal info, change password, and the caller's own sessions. */
export default function InfoPage() {
  const t = useT();
  return (
    <Card>
      <Tabs
        items={[
          { key: 'info', label: t('info.tabInfo'), children: <ProfileTab /> },
          { key: 'password', label: t('info.tabPassword'), children: <PasswordTab /> },
          { key: 'sessions', label: t('info.tabSessions'), children: <SessionsTab /> },
        ]}
      />
    </Card>
  );
}
