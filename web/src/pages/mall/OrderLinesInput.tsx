import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, InputNumber, Select, Space } from 'antd';
import { pickerRows } from '../../crud/api';
import type { CustomInput } from '../../crud/FormDialog';
import { resourceNamed } from '../../crud/registry';
import { useT } from '../../i18n';
import { asLines, changeLine, withLine, withoutLine } from './orderLines';

const product = resourceNamed('product');

/** The lines of a new order: a product picker and a quantity per line. */
export const OrderLinesInput: CustomInput = ({ value, onChange, disabled }) => {
  const t = useT();
  const lines = asLines(value);
  const products = useQuery({
    queryKey: ['order-products'],
    queryFn: async () =>
      (await pickerRows(product)).map((p) => ({ value: String(p.id), label: String(p.name ?? p.id) })),
    staleTime: 30_000,
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }} className="order-lines">
      {lines.map((line, i) => (
        // lines have no identity of their own until saved
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Space.Compact key={i} style={{ width: '100%' }}>
          <Select
            className="order-line-product"
            style={{ width: '70%' }}
            value={line.productId}
            disabled={disabled}
            options={products.data ?? []}
            loading={products.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('order.chooseProduct')}
            onChange={(productId: string) => onChange?.(changeLine(lines, i, { productId }))}
          />
          <InputNumber
            className="order-line-quantity"
            style={{ width: '20%' }}
            min={1}
            max={9999}
            precision={0}
            value={line.quantity}
            disabled={disabled}
            aria-label={t('order.quantity')}
            onChange={(quantity) => onChange?.(changeLine(lines, i, { quantity: quantity ?? 1 }))}
          />
          <Button
            icon={<DeleteOutlined />}
            disabled={disabled}
            aria-label={t('order.removeLine')}
            onClick={() => onChange?.(withoutLine(lines, i))}
          />
        </Space.Compact>
      ))}
      <Button icon={<PlusOutlined />} disabled={disabled} onClick={() => onChange?.(withLine(lines))}>
        {t('order.addLine')}
      </Button>
    </Space>
  );
};
