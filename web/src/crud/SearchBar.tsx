import type { ResourceDef } from '@blade/schema';
import { Button, DatePicker, Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useId } from 'react';
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

/** The search form: the declared search fields and the createTime range, with search and clear. */
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
      {searchFields(resource).map((field) => (
        <Form.Item key={field.name} name={field.name} label={label(field.label)}>
          <FieldInput field={field} resource={resource} purpose="search" />
        </Form.Item>
      ))}
      <Form.Item name="createTimeRange" label={t('createTime')}>
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
        </Space>
      </Form.Item>
    </Form>
  );
}
