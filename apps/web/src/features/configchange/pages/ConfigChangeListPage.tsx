import { PageHeader } from '../../../shared/ui/PageHeader';
import { ConfigChangeTable } from '../components/ConfigChangeTable';
import { Panel } from '../../../shared/ui/Panel';

/** /configchange: every configuration change of clusters, TiCDC clusters and changefeeds. */
export function ConfigChangeListPage() {
  return (
    <>
      <PageHeader
        title="Configuration Changes"
        description="Parameter and image changes: each is approved, then applied from its detail page."
      />
      <Panel>
        <ConfigChangeTable />
      </Panel>
    </>
  );
}
