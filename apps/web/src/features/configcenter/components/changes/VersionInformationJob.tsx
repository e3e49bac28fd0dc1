import type { DefaultConfigChange } from '@portal/contract';
import { DataTable } from '../../../../shared/ui/DataTable';
import { Panel } from '../../../../shared/ui/Panel';
import { useChangeItems } from '../../api/changes';
import { FIT_WIDTH, isVersionRow, versionItemColumns } from './display';

/** The change's version release items: the versions it adds (spec §3 version release item). */
export function VersionItemsTable({ changeId }: { changeId: string }) {
  const query = useChangeItems(changeId, { type_is: ['version_release'] });
  return (
    <DataTable
      aria-label="Version items"
      size="small"
      scroll={FIT_WIDTH}
      columns={versionItemColumns}
      data={query.data?.items.filter(isVersionRow)}
      loading={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
      emptyText="This change releases no version"
    />
  );
}

export function VersionInformationJob({ change }: { change: DefaultConfigChange }) {
  return (
    <Panel title="Version Information">
      <VersionItemsTable changeId={change.id} />
    </Panel>
  );
}
