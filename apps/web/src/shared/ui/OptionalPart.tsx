import { Component } from 'react';
import type { ReactNode } from 'react';

interface OptionalPartProps {
  /** Shown instead of the part once it failed. */
  fallback: ReactNode;
  /** For the console: what failed. */
  what: string;
  children: ReactNode;
}

/**
 * Holds a part of the shell the page can do without (the toasts' holder, the user dropdown) whose code loads on
 * first use: when that download fails (a new deploy replaced the chunk, the network dropped), the part gives way to
 * `fallback` instead of the whole console to its error page.
 */
export class OptionalPart extends Component<OptionalPartProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn(`${this.props.what} could not be loaded:`, error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
