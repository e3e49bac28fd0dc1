import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Release, ReleasePhase } from '@portal/contract';
import { DataTable } from '../../../../shared/ui/DataTable';
import type { DataColumns } from '../../../../shared/ui/DataTable';
import { DateText } from '../../../../shared/ui/Formatted';
import { Text } from '../../../../shared/ui/Typography';
import { FIT_WIDTH, ReleasePhaseTag, releasePath } from './display';

export interface ReleasesTableProps {
  releases: Release[] | undefined;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Adds an Environment column (a list of every environment's releases). */
  showEnvironment?: boolean;
  /** An extra last column (e.g. choosing the release whose approval shows). */
  action?: { title: string; render: (release: Release) => ReactNode };
  'aria-label'?: string;
}

/** The releases of a change: number (to the release page), phase, description, applicant, created and released at. */
export function ReleasesTable({
  releases,
  loading,
  error,
  onRetry,
  showEnvironment,
  action,
  'aria-label': ariaLabel = 'Releases',
}: ReleasesTableProps) {
  const columns: DataColumns<Release> = [
    {
      title: 'Number',
      key: 'release_number',
      dataIndex: 'release_number',
      render: (n: number, r) => <Link to={releasePath(r.change_id, r.id)}>{`#${n}`}</Link>,
    },
    ...(showEnvironment ? [{ title: 'Environment', key: 'environment', dataIndex: 'environment' }] : []),
    {
      title: 'Phase',
      key: 'phase',
      dataIndex: 'phase',
      render: (phase: ReleasePhase) => <ReleasePhaseTag phase={phase} />,
    },
    {
      title: 'Description',
      key: 'description',
      dataIndex: 'description',
      render: (d: string) => (d ? d : <Text type="secondary">-</Text>),
    },
    { title: 'Applicant', key: 'applicant', dataIndex: 'applicant' },
    {
      title: 'Created At',
      key: 'created_at',
      dataIndex: 'created_at',
      render: (v: string) => <DateText value={v} withTime />,
    },
    {
      title: 'Released At',
      key: 'released_at',
      dataIndex: 'released_at',
      render: (v: string | null) => <DateText value={v} withTime />,
    },
    {
      title: 'Detail',
      key: 'detail',
      render: (_: unknown, r) => <Link to={releasePath(r.change_id, r.id)}>Detail</Link>,
    },
    ...(action ? [{ title: action.title, key: 'action', render: (_: unknown, r: Release) => action.render(r) }] : []),
  ];
  return (
    <DataTable<Release>
      aria-label={ariaLabel}
      size="small"
      scroll={FIT_WIDTH}
      columns={columns}
      data={releases}
      loading={loading}
      error={error}
      onRetry={onRetry}
      emptyText="No release yet"
    />
  );
}
