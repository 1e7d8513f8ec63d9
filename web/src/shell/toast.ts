import { message } from 'antd';

/**
 * Error toast for the HTTP client; loaded on demand so the sign-in chunk has no antd. The same
 * message shows once however many calls fail with it at a time (a page's rows fetched ahead of it
 * and again as it shows).
 */
export function toastError(text: string): void {
  void message.error({ content: text, key: text });
}
