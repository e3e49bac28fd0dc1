import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/lib/ApiError';
import { changefeedPath, changefeedQuery, ticdcClusterPath, ticdcClusterQuery } from '../api';

/**
 * A link to a TiCDC cluster's page when only its id is known (its page sits under its upstream cluster, so the
 * cluster is read to build the path). Falls back to the plain id when it cannot be read.
 */
export function TicdcClusterLink({ id, children }: { id: string; children?: ReactNode }) {
  const { data, error } = useQuery({ ...ticdcClusterQuery(id), retry: false });
  if (!data)
    return error ? <Tooltip title={errorMessage(error)}>{children ?? id}</Tooltip> : <span>{children ?? id}</span>;
  return <Link to={ticdcClusterPath(data.tenant_id, data.cluster_id, data.id)}>{children ?? id}</Link>;
}

/** The same for a changefeed. */
export function ChangefeedLink({ id, children }: { id: string; children?: ReactNode }) {
  const { data, error } = useQuery({ ...changefeedQuery(id), retry: false });
  if (!data)
    return error ? <Tooltip title={errorMessage(error)}>{children ?? id}</Tooltip> : <span>{children ?? id}</span>;
  return <Link to={changefeedPath(data.tenant_id, data.cluster_id, data.id)}>{children ?? id}</Link>;
}
