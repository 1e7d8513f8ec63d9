import { SendOutlined } from '@ant-design/icons';
import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { CrudPage } from '../../crud/CrudPage';
import { resourceNamed } from '../../crud/registry';
import { useT } from '../../i18n';
import { ConfigCrud } from './ConfigCrud';
import { readOnly } from './readOnly';
import { SendSmsDialog } from './SendSmsDialog';

const sms = resourceNamed('sms');
const smsRecord = readOnly(resourceNamed('smsRecord'));

/** /resource/sms: SMS configurations with enable and send, and the record of every send. */
export default function SmsPage() {
  const t = useT();
  const [sending, setSending] = useState(false);
  const [tab, setTab] = useState('configs');
  // a new key remounts the records list, so it reloads after a send
  const [sent, setSent] = useState(0);
  return (
    <>
      <Tabs
        className="page-tabs"
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'configs',
            label: t('sms.configs'),
            children: (
              <ConfigCrud
                resource={sms}
                enableCode="sms_enable"
                toolbar={(ctx) =>
                  ctx.access.has('sms_send') && (
                    <Button icon={<SendOutlined />} onClick={() => setSending(true)}>
                      {t('sms.send')}
                    </Button>
                  )
                }
              />
            ),
          },
          { key: 'records', label: t('sms.records'), children: <CrudPage key={sent} resource={smsRecord} /> },
        ]}
      />
      <SendSmsDialog open={sending} onClose={() => setSending(false)} onSent={() => setSent((n) => n + 1)} />
    </>
  );
}
