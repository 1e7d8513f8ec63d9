import { useQuery } from '@tanstack/react-query';
import { Modal, Table } from 'antd';
import { crudApi } from '../../crud/api';
import { resourceNamed } from '../../crud/registry';
import { useT } from '../../i18n';
import { formatCents } from './money';
import { type PlacedLine, placedLines } from './orderLines';

const api = crudApi(resourceNamed('order'));

/** The lines of a placed order, from its detail. */
export function OrderLinesDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const t = useT();
  const detail = useQuery({
    queryKey: ['order-lines', orderId],
    queryFn: async () => placedLines((await api.detail(orderId ?? '')).items),
    enabled: !!orderId,
  });
  const money = (value: unknown) => formatCents(value);
  return (
    <Modal
      title={t('order.lines')}
      open={!!orderId}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      <Table<PlacedLine>
        rowKey="productId"
        size="small"
        loading={detail.isLoading}
        dataSource={detail.data ?? []}
        pagination={false}
        columns={[
          { key: 'productName', dataIndex: 'productName', title: t('order.product') },
          { key: 'price', dataIndex: 'price', title: t('order.price'), render: money },
          { key: 'quantity', dataIndex: 'quantity', title: t('order.quantity') },
          { key: 'amount', dataIndex: 'amount', title: t('order.amount'), render: money },
        ]}
      />
    </Modal>
  );
}
