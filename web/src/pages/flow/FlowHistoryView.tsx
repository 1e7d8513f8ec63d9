import { Card, Spin } from 'antd';
import { useT } from '../../i18n';
import { HistoryTable } from './HistoryTable';
import { ProcessDiagram } from './ProcessDiagram';
import { useFlowHistory } from './useFlowHistory';

/** The history table and the highlighted diagram of one process instance. */
export function FlowHistoryView({ processInstanceId }: { processInstanceId: string | undefined }) {
  const t = useT();
  const { data, isLoading } = useFlowHistory(processInstanceId);
  if (isLoading || !data) return <Spin spinning={isLoading} />;
  return (
    <>
      <Card size="small" title={t('flow.history')} style={{ marginBottom: 12 }}>
        <HistoryTable entries={data.history} />
      </Card>
      <Card size="small" title={t('flow.diagram')}>
        <ProcessDiagram
          xml={data.xml}
          finished={data.finishedActivityIds}
          current={data.currentActivityIds}
        />
      </Card>
    </>
  );
}
