import type { FieldDef, ResourceDef } from '@blade/schema';
import { Button, DatePicker, Input, InputNumber, Select, TreeSelect } from 'antd';
import type { Dayjs } from 'dayjs';
import type { CSSProperties } from 'react';
import { serverNow } from '../util/serverTime';
import { isNumeric } from './fields';
import { useCrudText } from './i18n';
import { useDictionary } from './useDictionary';
import { type OptionsSource, useRefOptions } from './useRefOptions';

export interface FieldInputProps {
  field: FieldDef;
  resource: ResourceDef;
  /** Search boxes clear with one click and never show a long text area. */
  purpose: 'form' | 'search';
  disabled?: boolean;
  source?: OptionsSource;
  /** Set by Form.Item. */
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

const FULL: CSSProperties = { width: '100%' };
const NARROW: CSSProperties = { width: 180 };

/** The input control a declared field is edited or searched with. */
export function FieldInput({
  field,
  resource,
  purpose,
  disabled,
  source,
  value,
  onChange,
  id,
}: FieldInputProps) {
  const { t, label } = useCrudText();
  const options = useDictionary(field);
  const refs = useRefOptions(field, resource, source);
  const name = label(field.label);
  const style = purpose === 'search' ? NARROW : FULL;
  const common = { id, disabled, style, allowClear: true };
  const choose = t('choose', { label: name });

  if (refs) {
    const multiple = field.type === 'refs';
    if (refs.tree)
      return (
        <TreeSelect
          {...common}
          value={value as string | string[] | undefined}
          onChange={(v: string | string[]) => onChange?.(v)}
          treeData={refs.options}
          multiple={multiple}
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder={choose}
          styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
        />
      );
    return (
      <Select
        {...common}
        value={value as string | string[] | undefined}
        onChange={(v: string | string[]) => onChange?.(v)}
        options={refs.options.map((o) => ({ label: o.title, value: o.value }))}
        mode={multiple ? 'multiple' : undefined}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={choose}
      />
    );
  }
  if (field.dict || field.type === 'flag') {
    return (
      <Select
        {...common}
        value={value as string | number | undefined}
        onChange={(v: string | number) => onChange?.(v)}
        options={options}
        placeholder={choose}
      />
    );
  }
  const enter = t('enter', { label: name });
  if (isNumeric(field) && purpose === 'form') {
    // No min/max here: InputNumber would quietly clamp what was typed, while the form's rules
    // refuse it out loud (fieldRules). Money is typed in yuan.
    return (
      <InputNumber
        id={id}
        disabled={disabled}
        style={style}
        value={value as number | null | undefined}
        onChange={(v) => onChange?.(v)}
        prefix={field.type === 'money' ? '¥' : undefined}
        placeholder={enter}
      />
    );
  }
  if (field.type === 'date' || field.type === 'datetime') {
    const withTime = field.type === 'datetime';
    return (
      <DatePicker
        {...common}
        value={value as Dayjs | null | undefined}
        onChange={(v) => onChange?.(v)}
        showTime={withTime}
        placeholder={choose}
        // The picker's own 此刻 reads the browser's clock; times are the server zone's wall clock.
        showNow={false}
        renderExtraFooter={() => (
          <Button
            type="link"
            size="small"
            className="crud-picker-now"
            onClick={() => {
              const now = serverNow();
              onChange?.(withTime ? now : now.startOf('day'));
            }}
          >
            {t(withTime ? 'now' : 'today')}
          </Button>
        )}
      />
    );
  }
  const text = {
    id,
    disabled,
    style,
    value: (value as string | undefined) ?? '',
    placeholder: enter,
    onChange: (e: { target: { value: string } }) => onChange?.(e.target.value),
  };
  if (purpose === 'form' && (field.type === 'longtext' || field.type === 'richtext'))
    return <Input.TextArea {...text} rows={4} maxLength={field.max} />;
  if (field.secret) return <Input.Password {...text} autoComplete="new-password" />;
  return <Input {...text} allowClear={purpose === 'search'} />;
}
