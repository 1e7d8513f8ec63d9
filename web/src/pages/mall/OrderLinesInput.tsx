import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber, Space } from 'antd';
import type { CustomInput } from '../../crud/FormDialog';
import type { Row } from '../../crud/fields';
import { formatCents } from '../../crud/money';
import { RemoteSelect } from '../../crud/RemoteSelect';
import { resourceNamed } from '../../crud/registry';
import { useT } from '../../i18n';
import { asLines, changeLine, withLine, withoutLine } from './orderLines';
import { REMOTE_PICKS } from './remoteInputs';

const product = resourceNamed('product');
/** Only products on sale are offered (the server refuses the others too), each with its price. */
const pick = REMOTE_PICKS.product;
const productName = (row: Row): string => `${String(row.name ?? row.id)}  ${formatCents(row.price)}`;

/** The lines of a new order: a product picker and a quantity per line. */
export const OrderLinesInput: CustomInput = ({ value, onChange, disabled }) => {
  const t = useT();
  const lines = asLines(value);
  return (
    <Space direction="vertical" style={{ width: '100%' }} className="order-lines">
      {lines.map((line, i) => (
        // lines have no identity of their own until saved
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Space.Compact key={i} style={{ width: '100%' }}>
          <RemoteSelect
            resource={product}
            filter={pick.filter}
            searchField={pick.searchField}
            labelOf={productName}
            className="order-line-product"
            style={{ width: '70%' }}
            value={line.productId}
            disabled={disabled}
            placeholder={t('order.chooseProduct')}
            onChange={(productId) => onChange?.(changeLine(lines, i, { productId }))}
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
