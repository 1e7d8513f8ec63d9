import { App, Button, Card } from 'antd';
import { useState } from 'react';
import { getData } from '../../api/http';
import { CrudPage } from '../../crud/CrudPage';
import type { Row } from '../../crud/fields';
import { resourceNamed } from '../../crud/registry';
import { useT } from '../../i18n';
import { readOnly } from '../resource/readOnly';
import { MallCrud } from './MallCrud';

const meeting = resourceNamed('meeting');
const codes = readOnly(resourceNamed('equityCode'));

interface Generated {
  generated: number;
  total: number;
}

/** /mall/equitycode: meetings, their 生成权益码 button, and the chosen meeting's codes with their use state. */
export default function EquityCodePage() {
  const t = useT();
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<Row | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // a new key reloads the codes after a generation
  const [round, setRound] = useState(0);

  const generate = (row: Row, reload: () => void) => {
    const id = String(row.id);
    setBusy(id);
    getData<Generated>('/meeting/equitycode/generate', { method: 'POST', body: { id } })
      .then((answer) => {
        void message.success(t('equity.generated', { count: answer.generated, total: answer.total }));
        setChosen(row);
        setRound((n) => n + 1);
        reload();
      })
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };

  return (
    <div className="equity-page">
      <MallCrud
        resource={meeting}
        title={t('equity.meetings')}
        table={{
          onRowClick: setChosen,
          activeRowId: chosen?.id,
          rowActions: (row, ctx) =>
            ctx.access.has('equitycode_generate') && (
              <Button
                type="link"
                size="small"
                loading={busy === String(row.id)}
                onClick={(e) => {
                  e.stopPropagation();
                  generate(row, ctx.reload);
                }}
              >
                {t('equity.generate')}
              </Button>
            ),
        }}
      />
      <Card
        size="small"
        style={{ marginTop: 12 }}
        title={`${t('equity.codes')}${chosen ? ` · ${String(chosen.title ?? '')}` : ''}`}
      >
        <CrudPage
          key={`${chosen?.id ?? ''}-${round}`}
          resource={codes}
          list={{
            params: chosen ? { meetingId: String(chosen.id) } : {},
            enabled: !!chosen,
            disabledText: t('equity.chooseMeeting'),
          }}
        />
      </Card>
    </div>
  );
}
