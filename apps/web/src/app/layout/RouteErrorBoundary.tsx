import { Component } from 'react';
import type { ReactNode } from 'react';
import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import type { Location } from 'react-router';
import { browser } from '../../shared/lib/browser';
import { ResultMessage } from '../../shared/ui/ResultMessage';
import { ChunkLoadError } from './lazyPage';

function isChunkError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const text = error instanceof Error ? `${error.name} ${error.message}` : '';
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(
    text,
  );
}

/** A page that failed to load (spec §9 chunk time-out) or crashed: say so and offer a reload. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const chunk = isChunkError(error);
  return (
    <ResultMessage
      status="error"
      title={chunk ? 'Failed to load this page' : 'Something went wrong'}
      subTitle={
        chunk
          ? 'The page could not be downloaded. Check your connection and reload.'
          : error instanceof Error
            ? error.message
            : undefined
      }
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={() => browser.reload()}>
          Reload
        </Button>
      }
    />
  );
}

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  /** The location the children were last rendered for: another one gives them a fresh try. */
  location: Location;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { failed: false, error: undefined, location: props.location };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

/**
 * Catches what its route throws while rendering (a crash, or a page chunk that failed to download) and shows the
 * error page in its place instead of a blank screen; navigating elsewhere renders the route again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary location={useLocation()}>{children}</Boundary>;
}
