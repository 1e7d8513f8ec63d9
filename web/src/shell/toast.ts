import { message } from 'antd';

/** Error toast for the HTTP client; loaded on demand so the sign-in chunk has no antd. */
export function toastError(text: string): void {
  void message.error(text);
}
