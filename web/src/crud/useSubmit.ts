import { App } from 'antd';
import { useState } from 'react';

/**
 * A dialog's save step: the loading flag while the request runs (released when it fails too),
 * then the success toast and what follows (close, reload). A failure leaves the dialog open:
 * the HTTP client has shown the server's message.
 */
export function useSubmit(success: string, done: () => void) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const submit = async (send: () => Promise<unknown>) => {
    setSaving(true);
    try {
      await send();
      void message.success(success);
      done();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };
  return { saving, submit };
}
