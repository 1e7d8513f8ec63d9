import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Divider, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useT } from '../../i18n';
import { ParamInputs } from './ParamInputs';
import { ReportResult } from './ReportResult';
import { configuredDataSources, type DataSourceOption, previewReport } from './reportApi';
import {
  CHART_KINDS,
  columnNames,
  defaultValues,
  designOf,
  MAX_ROW_LIMIT,
  PARAM_TYPES,
  type ParamValue,
  type ReportDesign,
  type ReportParam,
  type ReportRows,
  withResultColumns,
} from './reportDesign';

interface ReportDesignerProps {
  /** The design as stored (JSON text), from the form. */
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
}

const Label = ({ children }: { children: React.ReactNode }) => (
  <Typography.Text strong style={{ display: 'block', margin: '8px 0 4px' }}>
    {children}
  </Typography.Text>
);

/**
 * The report designer, the `content` field of the report form: data source, query with :name
 * parameters, parameter list, column labels, chart and row limit, and a preview of rows and
 * chart. Its value is the design as JSON text, which the server validates again on save.
 */
/** Takes one parameter or column row out of the design. */
function RemoveButton({
  disabled,
  label,
  onClick,
}: {
  disabled?: boolean;
  label: string;
  onClick: () => void;
}) {
  return (
    <Button
      type="text"
      danger
      disabled={disabled}
      icon={<DeleteOutlined />}
      aria-label={label}
      onClick={onClick}
    />
  );
}

/** Adds an empty parameter or column row to the design. */
function AddButton({
  disabled,
  onClick,
  children,
}: {
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <div>
      <Button size="small" icon={<PlusOutlined />} disabled={disabled} onClick={onClick}>
        {children}
      </Button>
    </div>
  );
}

export function ReportDesigner({ value, onChange, disabled }: ReportDesignerProps) {
  const t = useT();
  const design = useMemo(() => designOf(value), [value]);
  const update = (next: ReportDesign) => onChange?.(JSON.stringify(next));
  const [sources, setSources] = useState<DataSourceOption[]>([]);
  const [values, setValues] = useState<Record<string, ParamValue>>({});
  const [result, setResult] = useState<ReportRows | null>(null);
  const [previewing, setPreviewing] = useState(false);

  useEffect(() => {
    let live = true;
    void configuredDataSources().then((rows) => live && setSources(rows));
    return () => {
      live = false;
    };
  }, []);

  const setParam = (index: number, change: Partial<ReportParam>) =>
    update({ ...design, params: design.params.map((p, i) => (i === index ? { ...p, ...change } : p)) });
  const setColumn = (index: number, change: Partial<ReportDesign['columns'][number]>) =>
    update({ ...design, columns: design.columns.map((c, i) => (i === index ? { ...c, ...change } : c)) });
  const setChart = (change: Partial<ReportDesign['chart']>) =>
    update({ ...design, chart: { ...design.chart, ...change } });

  const shownValues = { ...defaultValues(design), ...values };
  const preview = async () => {
    setPreviewing(true);
    try {
      const rows = await previewReport(design, shownValues);
      setResult(rows);
      if (!disabled) update(withResultColumns(design, rows));
    } catch {
      // the HTTP client has shown the server's message (syntax error, time limit, …)
    } finally {
      setPreviewing(false);
    }
  };

  const columnOptions = columnNames(design, result).map((name) => ({ value: name, label: name }));
  const sourceOptions = [
    { value: '0', label: t('report.builtin') },
    ...sources.map((s) => ({ value: s.id, label: s.name })),
  ];

  return (
    <div className="report-designer">
      <Row gutter={12}>
        <Col span={8}>
          <Label>{t('report.datasource')}</Label>
          <Select
            className="report-datasource"
            aria-label={t('report.datasource')}
            style={{ width: '100%' }}
            disabled={disabled}
            value={design.datasourceId}
            options={
              sourceOptions.some((o) => o.value === design.datasourceId)
                ? sourceOptions
                : [...sourceOptions, { value: design.datasourceId, label: design.datasourceId }]
            }
            onChange={(datasourceId: string) => update({ ...design, datasourceId })}
          />
        </Col>
        <Col span={4}>
          <Label>{t('report.rowLimit')}</Label>
          <InputNumber
            aria-label={t('report.rowLimit')}
            style={{ width: '100%' }}
            disabled={disabled}
            min={1}
            max={MAX_ROW_LIMIT}
            value={design.rowLimit}
            onChange={(v) => update({ ...design, rowLimit: v ?? design.rowLimit })}
          />
        </Col>
        <Col span={4}>
          <Label>{t('report.chart')}</Label>
          <Select
            className="report-chart-kind"
            aria-label={t('report.chart')}
            style={{ width: '100%' }}
            disabled={disabled}
            value={design.chart.kind}
            options={CHART_KINDS.map((kind) => ({ value: kind, label: t(`report.chart.${kind}`) }))}
            onChange={(kind: ReportDesign['chart']['kind']) => setChart({ kind })}
          />
        </Col>
        <Col span={4}>
          <Label>{t('report.category')}</Label>
          <Select
            className="report-chart-category"
            aria-label={t('report.category')}
            style={{ width: '100%' }}
            disabled={disabled || design.chart.kind === 'none'}
            value={design.chart.category || undefined}
            options={columnOptions}
            onChange={(category: string) => setChart({ category })}
          />
        </Col>
        <Col span={4}>
          <Label>{t('report.value')}</Label>
          <Select
            className="report-chart-value"
            aria-label={t('report.value')}
            style={{ width: '100%' }}
            disabled={disabled || design.chart.kind === 'none'}
            value={design.chart.value || undefined}
            options={columnOptions}
            onChange={(v: string) => setChart({ value: v })}
          />
        </Col>
      </Row>

      <Label>{t('report.sql')}</Label>
      <Input.TextArea
        aria-label={t('report.sql')}
        className="report-sql"
        disabled={disabled}
        value={design.sql}
        rows={7}
        spellCheck={false}
        placeholder={t('report.sqlTip')}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
        onChange={(e) => update({ ...design, sql: e.target.value })}
      />
      <Typography.Text type="secondary">{t('report.sqlTip')}</Typography.Text>

      <div>
        <div>
          <Label>{t('report.params')}</Label>
          {design.params.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, names change as typed
            <Space key={i} className="report-param-row" style={{ display: 'flex', marginBottom: 4 }}>
              <Input
                aria-label={`${t('report.paramName')} ${i + 1}`}
                placeholder={t('report.paramName')}
                disabled={disabled}
                value={p.name}
                style={{ width: 120 }}
                onChange={(e) => setParam(i, { name: e.target.value.trim() })}
              />
              <Input
                aria-label={`${t('report.paramLabel')} ${i + 1}`}
                placeholder={t('report.paramLabel')}
                disabled={disabled}
                value={p.label}
                style={{ width: 120 }}
                onChange={(e) => setParam(i, { label: e.target.value })}
              />
              <Select
                aria-label={`${t('report.paramType')} ${i + 1}`}
                disabled={disabled}
                value={p.type}
                style={{ width: 110 }}
                options={PARAM_TYPES.map((type) => ({ value: type, label: t(`report.type.${type}`) }))}
                onChange={(type: ReportParam['type']) => setParam(i, { type })}
              />
              <Input
                aria-label={`${t('report.paramDefault')} ${i + 1}`}
                placeholder={t('report.paramDefault')}
                disabled={disabled}
                value={p.default === null ? '' : String(p.default)}
                style={{ width: 130 }}
                onChange={(e) => setParam(i, { default: e.target.value === '' ? null : e.target.value })}
              />
              <RemoveButton
                disabled={disabled}
                label={t('report.remove')}
                onClick={() => update({ ...design, params: design.params.filter((_, j) => j !== i) })}
              />
            </Space>
          ))}
          <AddButton
            disabled={disabled}
            onClick={() =>
              update({
                ...design,
                params: [...design.params, { name: '', label: '', type: 'text', default: null }],
              })
            }
          >
            {t('report.addParam')}
          </AddButton>
        </div>
        <div>
          <Label>{t('report.columns')}</Label>
          {design.columns.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, names change as typed
            <Space key={i} className="report-column-row" style={{ marginBottom: 4, marginRight: 16 }}>
              <Input
                aria-label={`${t('report.columnName')} ${i + 1}`}
                placeholder={t('report.columnName')}
                disabled={disabled}
                value={c.name}
                style={{ width: 130 }}
                onChange={(e) => setColumn(i, { name: e.target.value.trim() })}
              />
              <Input
                aria-label={`${t('report.columnLabel')} ${c.name || i + 1}`}
                placeholder={c.name || t('report.columnLabel')}
                disabled={disabled}
                value={c.label}
                style={{ width: 150 }}
                onChange={(e) => setColumn(i, { label: e.target.value })}
              />
              <RemoveButton
                disabled={disabled}
                label={t('report.remove')}
                onClick={() => update({ ...design, columns: design.columns.filter((_, j) => j !== i) })}
              />
            </Space>
          ))}
          <AddButton
            disabled={disabled}
            onClick={() => update({ ...design, columns: [...design.columns, { name: '', label: '' }] })}
          >
            {t('report.addColumn')}
          </AddButton>
        </div>
      </div>

      <Divider style={{ margin: '12px 0' }} />
      <Space wrap align="center" style={{ marginBottom: 8 }}>
        <ParamInputs params={design.params.filter((p) => p.name)} values={shownValues} onChange={setValues} />
        <Button
          icon={<EyeOutlined />}
          loading={previewing}
          disabled={!design.sql.trim()}
          onClick={() => void preview()}
          className="report-preview"
        >
          {t('report.preview')}
        </Button>
      </Space>
      {result && <ReportResult result={result} chart={design.chart} title={t('report.chart')} />}
    </div>
  );
}
