import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { isRouteErrorResponse, useRouteError } from 'react-router';
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
export function RouteErrorBoundary() {
  const error = useRouteError();
  const chunk = isChunkError(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <ResultMessage
      status="error"
      title={chunk ? 'Failed to load this page' : 'Something went wrong'}
      subTitle={chunk ? 'The page could not be downloaded. Check your connection and reload.' : detail}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={() => browser.reload()}>
          Reload
        </Button>
      }
    />
  );
}
