import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';

/**
 * A dialog's save step as a mutation: the loading flag while the request runs (released when it
 * fails too), then the success toast and what follows (close, reload). A failure leaves the dialog
 * open: the HTTP client has shown the server's message.
 */
export function useSubmit(success: string, done: () => void) {
  const { message } = App.useApp();
  const mutation = useMutation({
    mutationFn: (send: () => Promise<unknown>) => send(),
    onSuccess: () => {
      void message.success(success);
      done();
    },
  });
  const submit = (send: () => Promise<unknown>): Promise<void> =>
    mutation.mutateAsync(send).then(
      () => {},
      () => {}, // the HTTP client has shown the server's message
    );
  return { saving: mutation.isPending, submit };
}
