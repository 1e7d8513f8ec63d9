import { Button } from 'antd';
import { useState } from 'react';
import type { Row } from '../../crud/fields';
import { resourceNamed } from '../../crud/registry';
import { useT } from '../../i18n';
import { MallCrud } from './MallCrud';
import { OrderLinesDialog } from './OrderLinesDialog';
import { OrderLinesInput } from './OrderLinesInput';
import { asLines, completeLines } from './orderLines';

const order = resourceNamed('order');
const inputs = { items: OrderLinesInput };

/** Only whole lines are sent; the server prices them and never trusts client amounts. */
const beforeSave = (body: Row, mode: 'add' | 'edit'): Row => {
  if (mode === 'edit') {
    const { items: _fixed, ...rest } = body;
    return rest;
  }
  return { ...body, items: completeLines(asLines(body.items)) };
};

/** /mall/order: orders placed from a product picker; each row shows its lines; createTime range filter. */
export default function OrderPage() {
  const t = useT();
  const [linesOf, setLinesOf] = useState<string | null>(null);
  return (
    <>
      <MallCrud
        resource={order}
        form={{ inputs, beforeSave, defaults: () => ({ items: [{ quantity: 1 }] }) }}
        table={{
          rowActions: (row) => (
            <Button type="link" size="small" onClick={() => setLinesOf(String(row.id))}>
              {t('order.lines')}
            </Button>
          ),
        }}
      />
      <OrderLinesDialog orderId={linesOf} onClose={() => setLinesOf(null)} />
    </>
  );
}
