import { DatePicker, Input, InputNumber, Space } from 'antd';
import dayjs from 'dayjs';
import type { ParamValue, ReportParam } from './reportDesign';

const DATE = 'YYYY-MM-DD';
const DATETIME = 'YYYY-MM-DD HH:mm:ss';

interface ParamInputsProps {
  params: readonly ReportParam[];
  values: Record<string, ParamValue>;
  onChange: (values: Record<string, ParamValue>) => void;
  disabled?: boolean;
}

/** One labelled input per report parameter, by its type; dates travel as text. */
export function ParamInputs({ params, values, onChange, disabled }: ParamInputsProps) {
  const set = (name: string, value: ParamValue) => onChange({ ...values, [name]: value });
  return (
    <Space wrap className="report-params">
      {params.map((p) => {
        const label = p.label || p.name;
        const value = values[p.name] ?? null;
        let input: React.ReactNode;
        if (p.type === 'number')
          input = (
            <InputNumber
              aria-label={label}
              disabled={disabled}
              value={value === null || value === '' ? null : Number(value)}
              onChange={(v) => set(p.name, v ?? null)}
            />
          );
        else if (p.type === 'date' || p.type === 'datetime') {
          const format = p.type === 'date' ? DATE : DATETIME;
          const parsed = typeof value === 'string' && value ? dayjs(value) : null;
          input = (
            <DatePicker
              aria-label={label}
              disabled={disabled}
              showTime={p.type === 'datetime'}
              format={format}
              value={parsed?.isValid() ? parsed : null}
              onChange={(d) => set(p.name, d ? d.format(format) : null)}
            />
          );
        } else
          input = (
            <Input
              aria-label={label}
              disabled={disabled}
              value={value === null ? '' : String(value)}
              onChange={(e) => set(p.name, e.target.value)}
              style={{ width: 180 }}
            />
          );
        return (
          <Space key={p.name} size={4}>
            <span>{label}</span>
            {input}
          </Space>
        );
      })}
    </Space>
  );
}
