import type { ResourceDef } from '@blade/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import type { CrudApi } from './api';
import { declaredDefaults, type FormMode, type Row } from './fields';
import { useCrudText } from './i18n';
import { resourceChanged } from './listQueries';

export interface DialogState {
  open: boolean;
  mode: FormMode;
  row: Row;
}

/** What a change did, where a page needs to know: the ids a delete removed. */
export interface CrudChange {
  removed?: readonly string[];
}

export interface CrudActionOptions {
  resource: ResourceDef;
  api: CrudApi;
  /** Called after every successful change, besides the refresh of the resource's lists (a side tree). */
  onChanged: (change: CrudChange) => void;
  /** Values a new row starts with, over the declared defaults. */
  defaults?: (() => Row) | undefined;
  /** Changes the body before it is sent (the password as md5 on create). */
  beforeSave?: ((body: Row, mode: 'add' | 'edit') => Row) | undefined;
  /** Gets the answer of a save (a new tenant's one-time administrator password, shown once). */
  afterSave?: ((saved: Row, mode: 'add' | 'edit') => void) | undefined;
}

/**
 * Opening the add/edit/view dialog (reading the row's detail when the resource has one), saving
 * with the 新增成功/更新成功 toasts, and deleting after the 确定将选择数据删除? confirmation; saves
 * and deletes are mutations of the query client, whose success refreshes the resource's lists.
 * `changed` is what every change of the resource's rows calls (restore and import too).
 */
export function useCrudActions({
  resource,
  api,
  onChanged,
  defaults,
  beforeSave,
  afterSave,
}: CrudActionOptions) {
  const { t } = useCrudText();
  const { message, modal } = App.useApp();
  const [dialog, setDialog] = useState<DialogState>({ open: false, mode: 'add', row: {} });
  const queries = useQueryClient();
  /** Every list of this resource reloads, and other forms' pickers of it read it afresh. */
  const notify = useCallback(
    (change: CrudChange) => {
      void resourceChanged(queries, resource.name);
      onChanged(change);
    },
    [queries, resource.name, onChanged],
  );
  // No parameter: it is also a click handler (a page's reload button), whose event is no change.
  const changed = useCallback(() => notify({}), [notify]);

  const open = useCallback(
    async (mode: FormMode, row?: Row, start?: Row) => {
      if (mode === 'add') {
        setDialog({ open: true, mode, row: { ...declaredDefaults(resource), ...defaults?.(), ...start } });
        return;
      }
      const id = row?.id;
      const full = id && api.has('detail') ? await api.detail(id).catch(() => null) : (row ?? null);
      if (full) setDialog({ open: true, mode, row: full });
    },
    [api, defaults, resource],
  );

  const close = useCallback(() => setDialog((d) => ({ ...d, open: false })), []);

  const { mutateAsync: send } = useMutation({
    mutationFn: ({ body, mode }: { body: Row; mode: 'add' | 'edit' }) =>
      api.save(beforeSave ? beforeSave(body, mode) : body, mode),
    onSuccess: (saved, { mode }) => {
      void message.success(t(mode === 'add' ? 'addSuccess' : 'updateSuccess'));
      close();
      changed();
      afterSave?.(saved, mode);
    },
  });
  /** Saves the dialog's row; a refusal rejects, so the form can show it under the field it names. */
  const save = useCallback(
    async (body: Row) => {
      await send({ body, mode: dialog.mode === 'edit' ? 'edit' : 'add' });
    },
    [send, dialog.mode],
  );

  const { mutateAsync: removeNow } = useMutation({
    mutationFn: (ids: readonly string[]) => api.remove(ids),
    onSuccess: (_answer, ids) => {
      void message.success(t('deleteSuccess'));
      notify({ removed: ids });
    },
  });

  /** Asks 确定将选择数据删除? and removes; warns 请选择至少一条数据 for an empty selection. */
  const remove = useCallback(
    (ids: readonly string[]): Promise<boolean> => {
      if (ids.length === 0) {
        void message.warning(t('selectAtLeastOne'));
        return Promise.resolve(false);
      }
      return new Promise((resolve) => {
        modal.confirm({
          title: t('tip'),
          content: t('confirmDelete'),
          okText: t('ok'),
          cancelText: t('cancel'),
          onOk: () =>
            removeNow(ids).then(
              () => resolve(true),
              () => resolve(false),
            ),
          onCancel: () => resolve(false),
        });
      });
    },
    [message, modal, removeNow, t],
  );

  return { dialog, open, close, save, remove, changed, resource };
}
