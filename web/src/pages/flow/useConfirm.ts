import { App } from 'antd';
import { useCallback } from 'react';
import { useCrudText } from '../../crud/i18n';

/**
 * Asks before an action and shows 操作成功! (or the given success text) after it; a failed call
 * keeps its error toast from the HTTP client.
 */
export function useConfirm() {
  const { modal, message } = App.useApp();
  const { t } = useCrudText();
  return useCallback(
    (options: { content: string; action: () => Promise<unknown>; done: () => void; success?: string }) =>
      modal.confirm({
        title: t('tip'),
        content: options.content,
        okText: t('ok'),
        cancelText: t('cancel'),
        onOk: async () => {
          try {
            await options.action();
            void message.success(options.success ?? t('operationSuccess'));
            options.done();
          } catch {
            // the HTTP client has shown the server's message
          }
        },
      }),
    [modal, message, t],
  );
}
