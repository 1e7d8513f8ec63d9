import { Button, Modal } from 'antd';
import { useState } from 'react';
import { CrudPage } from '../../crud/CrudPage';
import type { Row } from '../../crud/fields';
import { resourceNamed } from '../../crud/registry';
import { useT } from '../../i18n';
import { readOnly } from '../resource/readOnly';
import { MallCrud } from './MallCrud';

const mallUser = resourceNamed('mallUser');
const exams = readOnly(resourceNamed('mallUserExam'));

/** /mall/user: customers, with each one's exam records in a dialog (mall_user_exam). */
export default function MallUserPage() {
  const t = useT();
  const [user, setUser] = useState<Row | null>(null);
  return (
    <>
      <MallCrud
        resource={mallUser}
        table={{
          rowActions: (row, ctx) =>
            ctx.access.has('mall_user_exam') && (
              <Button type="link" size="small" onClick={() => setUser(row)}>
                {t('mallUser.exams')}
              </Button>
            ),
        }}
      />
      <Modal
        title={`${t('mallUser.exams')} · ${String(user?.nickname ?? '')}`}
        open={!!user}
        onCancel={() => setUser(null)}
        footer={null}
        width={960}
        destroyOnHidden
      >
        {user && <CrudPage resource={exams} list={{ params: { userId: String(user.id) } }} />}
      </Modal>
    </>
  );
}
