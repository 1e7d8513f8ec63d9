import type { ResourceDef } from '@blade/schema';
import { Button } from 'antd';
import { type ComponentType, useState } from 'react';
import type { CrudContext } from '../../crud/CrudPage';
import type { Row } from '../../crud/fields';
import { useT } from '../../i18n';
import { MallCrud } from './MallCrud';
import { namedPage } from './namedPage';
import { ReplyDialog } from './ReplyDialog';

/** A list of questions answered through the 回复 dialog (consultations, suggestions). */
function ReplyCrud({ resource }: { resource: ResourceDef }) {
  const t = useT();
  const [replying, setReplying] = useState<{ row: Row; ctx: CrudContext } | null>(null);
  return (
    <>
      <MallCrud
        resource={resource}
        table={{
          rowActions: (row, ctx) =>
            ctx.access.edit && (
              <Button type="link" size="small" onClick={() => setReplying({ row, ctx })}>
                {t('consult.reply')}
              </Button>
            ),
        }}
      />
      <ReplyDialog
        resource={resource}
        row={replying?.row ?? null}
        onClose={() => setReplying(null)}
        onReplied={() => replying?.ctx.reload()}
      />
    </>
  );
}

/** /mall/consult and /mall/suggest: the generic mall page plus the 回复 row button. */
export const replyPage = (name: string): ComponentType =>
  namedPage('ReplyPage', name, (resource) => () => <ReplyCrud resource={resource} />);
