import { App, Button, Col, Row as GridRow } from 'antd';
import { md5 } from 'js-md5';
import { useMemo, useState } from 'react';
import { usePasswordMinLength } from '../../api/passwordPolicy';
import { type CrudContext, CrudPage } from '../../crud/CrudPage';
import { deriveResource, type Row } from '../../crud/fields';
import { prefetchCrudPage } from '../../crud/prefetch';
import { resourceNamed } from '../../crud/registry';
import { lazyDialog } from '../../shell/lazyDialog';
import { DeptTree, prefetchDeptTree } from './DeptTree';
import { showOneTimePasswords } from './oneTimePasswords';
import { resetPassword, unlockUsers } from './systemApi';
import { UserPlatformDialog } from './UserPlatformDialog';
import { UserRoleDialog } from './UserRoleDialog';
import { useSelectionGuard } from './useSelectionGuard';

/** The explainer's code loads when it is first opened, so the page's own first calls start sooner. */
const ExplainDrawer = lazyDialog(() => import('./ExplainDrawer').then((m) => m.ExplainDrawer));

/** The form takes the password as typed; the md5 pattern is the wire's, checked after hashing. */
const user = deriveResource(resourceNamed('user'), { fields: { password: { pattern: undefined } } });
/** The form's users: the password at least as long as the server's policy asks. */
const withMinLength = (minLength: number) =>
  deriveResource(user, { fields: { password: { pattern: undefined, min: minLength } } });

/** The password goes out as its md5 hex digest, and only on create. */
const hashPassword = (body: Row, mode: 'add' | 'edit'): Row => {
  if (mode !== 'add' || typeof body.password !== 'string') return body;
  return { ...body, password: md5(body.password) };
};

/** The first page of all users and the department tree, before the page shows. */
export function prefetch(): void {
  prefetchCrudPage(user);
  prefetchDeptTree();
}

/** Users of a department (tree on the left), with role grants, password reset, unlock, platform and the access explainer. */
export default function UserPage() {
  const { modal, message } = App.useApp();
  const [deptId, setDeptId] = useState<string | undefined>();
  const [granting, setGranting] = useState<{ ids: string[]; reload: () => void } | null>(null);
  const [platform, setPlatform] = useState<Row | null>(null);
  const [explaining, setExplaining] = useState<Row | null>(null);
  const guard = useSelectionGuard();
  const params = useMemo(() => (deptId ? { deptId } : {}), [deptId]);
  const minLength = usePasswordMinLength();
  const users = useMemo(() => withMinLength(minLength), [minLength]);

  /** Confirms, calls, says 操作成功! and hands the answer on. */
  const confirmed = <T,>(
    ctx: CrudContext,
    question: 'confirmResetPassword' | 'confirmUnlock',
    call: (ids: string) => Promise<T>,
    then?: (answer: T) => void,
  ) =>
    guard(ctx.selectedIds, () =>
      modal.confirm({
        title: ctx.text.t('tip'),
        content: ctx.text.t(question),
        okText: ctx.text.t('ok'),
        cancelText: ctx.text.t('cancel'),
        onOk: async () => {
          try {
            const answer = await call(ctx.selectedIds.join(','));
            void message.success(ctx.text.t('operationSuccess'));
            ctx.reload();
            then?.(answer);
          } catch {
            // the HTTP client has shown the server's message
          }
        },
      }),
    );

  const toolbar = (ctx: CrudContext) => (
    <>
      {ctx.access.has('user_role') && (
        <Button
          onClick={() =>
            guard(ctx.selectedIds, () => setGranting({ ids: ctx.selectedIds, reload: ctx.reload }))
          }
        >
          {ctx.text.t('grantRoles')}
        </Button>
      )}
      {ctx.access.has('user_reset') && (
        <Button
          onClick={() =>
            confirmed(ctx, 'confirmResetPassword', resetPassword, (issued) =>
              showOneTimePasswords(modal, ctx.text, issued),
            )
          }
        >
          {ctx.text.t('resetPassword')}
        </Button>
      )}
      {ctx.access.has('user_unlock') && (
        <Button onClick={() => confirmed(ctx, 'confirmUnlock', unlockUsers)}>{ctx.text.t('unlock')}</Button>
      )}
    </>
  );

  return (
    <GridRow gutter={12}>
      <Col xs={24} md={6} xl={5}>
        <DeptTree value={deptId} onChange={setDeptId} />
      </Col>
      <Col xs={24} md={18} xl={19}>
        <CrudPage
          resource={users}
          list={{ params }}
          form={{ beforeSave: hashPassword }}
          table={{
            toolbar,
            rowActions: (row, { access, text }) => (
              <>
                {access.has('user_platform') && (
                  <Button type="link" size="small" onClick={() => setPlatform(row)}>
                    {text.t('platform')}
                  </Button>
                )}
                {access.has('user_explain') && (
                  <Button type="link" size="small" onClick={() => setExplaining(row)}>
                    {text.t('explain')}
                  </Button>
                )}
              </>
            ),
          }}
        />
      </Col>
      <UserRoleDialog
        userIds={granting?.ids ?? null}
        onClose={() => setGranting(null)}
        onSaved={() => granting?.reload()}
      />
      <UserPlatformDialog target={platform} onClose={() => setPlatform(null)} />
      <ExplainDrawer
        open={explaining !== null}
        user={explaining ?? undefined}
        onClose={() => setExplaining(null)}
      />
    </GridRow>
  );
}
