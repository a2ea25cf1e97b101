import { Component, type ReactNode } from 'react';

interface Props {
  /** What the error log says failed ('A remote screen', 'A page'). */
  what: string;
  fallback: (reset: () => void) => ReactNode;
  /** A change of this value (the path) clears a failure: the visitor went elsewhere. */
  resetKey?: string;
  /** Called as a failure is cleared, before what failed renders again. */
  onReset?: () => void;
  children: ReactNode;
}

/** Catches what throws while rendering (a remote screen, a page whose code did not download), so nothing goes blank. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`${this.props.what} failed`, error);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.reset();
  }

  private readonly reset = () => {
    this.props.onReset?.();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}
