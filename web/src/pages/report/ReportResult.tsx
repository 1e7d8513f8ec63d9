import { Alert, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../i18n';
import { Chart } from '../mall/dashboard/Chart';
import { chartData, pieData, type ReportDesign, type ReportRows } from './reportDesign';

/** Slices a pie shows before the rest are summed as “other”. */
const PIE_SLICES = 8;

interface ReportResultProps {
  result: ReportRows;
  chart: ReportDesign['chart'];
  /** The chart's accessible name. */
  title: string;
}

type TableRow = Record<string, unknown> & { key: string };

/** The rows of a run or preview as a table with the design's labels, and its chart. */
export function ReportResult({ result, chart, title }: ReportResultProps) {
  const t = useT();
  const columns = useMemo(
    () =>
      result.columns.map((c, i) => ({
        key: `c${i}`,
        dataIndex: `c${i}`,
        title: c.label,
        render: (v: unknown) => (v === null || v === undefined ? '' : String(v)),
      })),
    [result.columns],
  );
  const rows = useMemo(
    () =>
      result.rows.map(
        (row, r): TableRow => ({ key: String(r), ...Object.fromEntries(row.map((v, i) => [`c${i}`, v])) }),
      ),
    [result.rows],
  );
  const points = useMemo(() => {
    const data = chartData(result, chart);
    return chart.kind === 'pie' ? pieData(data, PIE_SLICES, t('report.other')) : data;
  }, [result, chart, t]);
  return (
    <div className="report-result">
      {result.truncated ? (
        <Alert type="warning" showIcon title={t('report.truncated', { count: result.rows.length })} />
      ) : (
        <Typography.Text type="secondary">
          {t(result.rows.length === 1 ? 'report.oneRow' : 'report.rows', { count: result.rows.length })}
        </Typography.Text>
      )}
      {chart.kind !== 'none' && points.length > 0 && (
        <div className="report-chart" style={{ maxWidth: 720, margin: '12px 0' }}>
          <Chart kind={chart.kind} data={points} title={title} />
        </div>
      )}
      <Table<TableRow>
        size="small"
        bordered
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        pagination={{
          defaultPageSize: 10,
          showSizeChanger: true,
          pageSizeOptions: ['10', '30', '50', '100'],
        }}
        locale={{ emptyText: t('report.noRows') }}
        className="report-table"
      />
    </div>
  );
}
