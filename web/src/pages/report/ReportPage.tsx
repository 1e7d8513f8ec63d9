import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { CrudPage } from '../../crud/CrudPage';
import { deriveResource, type Row } from '../../crud/fields';
import { useAccess } from '../../crud/useAccess';
import { useT } from '../../i18n';
import { ReportDesigner } from './ReportDesigner';
import { RunDialog } from './RunDialog';
import { report } from './reportApi';

const inputs = { content: ReportDesigner };
/** The design takes the dialog's full width, as long text does (it is JSON text on the wire). */
const view = deriveResource(report, { fields: { content: { type: 'longtext' } } });

/**
 * /report/reportlist: the report list with search; add and edit open the designer (the form's
 * design field), 运行 runs a report with parameters and exports it.
 */
export default function ReportPage() {
  const t = useT();
  const access = useAccess(view);
  const [running, setRunning] = useState<Row | null>(null);
  const close = useCallback(() => setRunning(null), []);
  return (
    <>
      <CrudPage
        resource={view}
        form={{ inputs }}
        table={{
          rowActions: (row) =>
            access.has('reportlist_run') && (
              <Button type="link" size="small" onClick={() => setRunning(row)}>
                {t('report.run')}
              </Button>
            ),
        }}
      />
      <RunDialog row={running} canExport={access.has('reportlist_export')} onClose={close} />
    </>
  );
}
