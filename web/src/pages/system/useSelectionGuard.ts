import { App } from 'antd';
import { useCallback } from 'react';
import { useCrudText } from '../../crud/i18n';

/** Runs an action on the selected rows, or warns 请选择至少一条数据 when none is selected. */
export function useSelectionGuard() {
  const { message } = App.useApp();
  const { t } = useCrudText();
  return useCallback(
    (ids: readonly string[], run: () => void) => {
      if (ids.length === 0) void message.warning(t('selectAtLeastOne'));
      else run();
    },
    [message, t],
  );
}
