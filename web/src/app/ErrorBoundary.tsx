import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logError } from './errorCapture';

interface Props {
  fallback: (error: Error, reset: () => void) => ReactNode;
  /** A change (e.g. the location) clears a caught error so navigation recovers. */
  resetKey?: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Logs render errors into the local error log and shows a fallback instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logError(error, info.componentStack ?? 'render');
  }

  override componentDidUpdate(prev: Props): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.reset();
  }

  reset = (): void => this.setState({ error: null });

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
