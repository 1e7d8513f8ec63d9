import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useState } from 'react';
import { flattenButtons, getButtons } from '../../api/menu';
import { loadMenu } from '../../app/loadMenu';
import { pickerRows } from '../../crud/api';
import { CrudPage } from '../../crud/CrudPage';
import type { Row } from '../../crud/fields';
import { resourceNamed } from '../../crud/registry';
import { treeOptions } from '../../crud/tree';
import { useT } from '../../i18n';
import { setPermission, useSession } from '../../store/session';
import { useSelectionGuard } from '../system/useSelectionGuard';
import { CodePreviewDialog } from './CodePreviewDialog';
import { copyCode, downloadCode, type GeneratedFile, previewCode, registerCode } from './codeApi';
import { GENERATED_RESOURCES } from './useGeneratedResource';

const code = resourceNamed('code');
const datasource = resourceNamed('datasource');

/** The built-in database is data source 0 and has no row; the form offers it first. */
const BUILT_IN = '0';

interface Preview {
  id: string;
  files: GeneratedFile[] | null;
}

/**
 * /tool/code: code generator entries, with a preview of the generated files (tree and
 * highlighted source), their download as a .zip, copy, and registration in the running server.
 */
export default function CodePage() {
  const t = useT();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const guard = useSelectionGuard();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, work: () => Promise<void>) => {
    setBusy(key);
    try {
      await work();
    } catch (error) {
      // the HTTP client has shown the server's message; a download refusal carries its own
      if (key.startsWith('zip') && error instanceof Error && error.message) void message.error(error.message);
    } finally {
      setBusy(null);
    }
  };

  const download = (ids: string[]) =>
    run(`zip:${ids.join(',')}`, async () => {
      await downloadCode(ids);
    });

  const register = (ids: string[], reload: () => void) =>
    run(`register:${ids.join(',')}`, async () => {
      const answer = await registerCode(ids);
      // The new screens and their buttons: menus and permissions as after a sign-in.
      await loadMenu(useSession.getState().topMenuId).catch(() => undefined);
      setPermission(flattenButtons(await getButtons()));
      await queries.invalidateQueries({ queryKey: GENERATED_RESOURCES });
      void message.success(
        t('code.registered', { paths: answer.registered.map((r) => r.menuPath).join(', ') }),
      );
      reload();
    });

  const open = (row: Row) => {
    const id = String(row.id);
    setPreview({ id, files: [] });
    void run(`preview:${id}`, async () => {
      const files = await previewCode(id).catch((error: unknown) => {
        setPreview(null);
        throw error;
      });
      setPreview({ id, files });
    });
  };

  return (
    <>
      <CrudPage
        resource={code}
        form={{
          sources: {
            datasourceId: {
              key: ['code-datasources'],
              load: async () => [
                { title: t('code.builtIn'), key: BUILT_IN, value: BUILT_IN },
                ...treeOptions(await pickerRows(datasource), 'name'),
              ],
            },
          },
          defaults: () => ({ datasourceId: BUILT_IN }),
        }}
        table={{
          toolbar: ({ access, selectedIds, reload }) =>
            access.has('code_gen') && (
              <>
                <Button
                  loading={busy?.startsWith('zip:')}
                  onClick={() => guard(selectedIds, () => download(selectedIds))}
                >
                  {t('code.download')}
                </Button>
                <Button
                  loading={busy?.startsWith('register:')}
                  onClick={() => guard(selectedIds, () => register(selectedIds, reload))}
                >
                  {t('code.register')}
                </Button>
              </>
            ),
          rowActions: (row, { access, reload }) => {
            const id = String(row.id);
            return (
              <>
                {access.has('code_gen') && (
                  <Button type="link" size="small" onClick={() => open(row)}>
                    {t('code.preview')}
                  </Button>
                )}
                {access.has('code_copy') && (
                  <Button
                    type="link"
                    size="small"
                    loading={busy === `copy:${id}`}
                    onClick={() =>
                      run(`copy:${id}`, async () => {
                        await copyCode(id);
                        void message.success(t('common.success'));
                        reload();
                      })
                    }
                  >
                    {t('code.copy')}
                  </Button>
                )}
                {access.has('code_gen') && (
                  <Button
                    type="link"
                    size="small"
                    loading={busy === `register:${id}`}
                    onClick={() => register([id], reload)}
                  >
                    {t('code.register')}
                  </Button>
                )}
              </>
            );
          },
        }}
      />
      <CodePreviewDialog
        files={preview?.files ?? null}
        loading={busy === `preview:${preview?.id}`}
        downloading={busy === `zip:${preview?.id}`}
        onDownload={() => preview && download([preview.id])}
        onClose={() => setPreview(null)}
      />
    </>
  );
}
