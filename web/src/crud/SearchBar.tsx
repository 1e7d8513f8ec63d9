import { DownOutlined, UpOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@blade/schema';
import { Button, DatePicker, Form, Grid, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useId, useState } from 'react';
import { FieldInput } from './FieldInput';
import { searchFields } from './fields';
import { wireRange } from './formValues';
import { useCrudText } from './i18n';

export interface SearchState {
  search: Record<string, unknown>;
  range: [string, string] | null;
}

interface SearchValues extends Record<string, unknown> {
  createTimeRange?: [Dayjs, Dayjs] | null;
}

/** Filters shown on phones and tablets before the person asks for the rest. */
const NARROW_VISIBLE = 2;

/**
 * The search form: the declared search fields and the createTime range, with search and clear.
 * Below the large breakpoint the filters stack one per line, so only the first two show until
 * 展开; hidden filters keep their values and still apply.
 */
export function SearchBar({
  resource,
  onSearch,
}: {
  resource: ResourceDef;
  onSearch: (state: SearchState) => void;
}) {
  const { t, label } = useCrudText();
  const [form] = Form.useForm<SearchValues>();
  const formName = `crud-search${useId()}`;
  const narrow = !Grid.useBreakpoint().lg;
  const [expanded, setExpanded] = useState(false);
  const fields = searchFields(resource);
  const folds = narrow && fields.length + 1 > NARROW_VISIBLE;
  const folded = (index: number) => folds && !expanded && index >= NARROW_VISIBLE;
  const submit = ({ createTimeRange, ...search }: SearchValues) =>
    onSearch({ search, range: createTimeRange ? wireRange(createTimeRange) : null });
  return (
    <Form
      form={form}
      name={formName}
      layout="inline"
      onFinish={submit}
      className="crud-search"
      style={{ rowGap: 8, marginBottom: 12 }}
    >
      {fields.map((field, index) => (
        <Form.Item key={field.name} name={field.name} label={label(field.label)} hidden={folded(index)}>
          <FieldInput field={field} resource={resource} purpose="search" />
        </Form.Item>
      ))}
      <Form.Item name="createTimeRange" label={t('createTime')} hidden={folded(fields.length)}>
        <DatePicker.RangePicker showTime placeholder={[t('startTime'), t('endTime')]} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({ search: {}, range: null });
            }}
          >
            {t('reset')}
          </Button>
          {folds && (
            <Button
              type="link"
              aria-expanded={expanded}
              icon={expanded ? <UpOutlined /> : <DownOutlined />}
              iconPlacement="end"
              onClick={() => setExpanded(!expanded)}
            >
              {expanded ? t('fewerFilters') : t('moreFilters')}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}
