import { useState } from 'react';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { maintenanceApi } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { MaintenanceTable } from '../components/MaintenanceTable';
import { maintenancePath } from '../lib/paths';

const NewMaintenanceDialog = lazyDialog(() =>
  import('../components/NewMaintenanceDialog').then((m) => m.NewMaintenanceDialog),
);

/** /maintenance (spec §2): every cluster maintenance, with New Maintenance. */
export function MaintenanceListPage() {
  const can = useCan();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <PageHeader
        title="Maintenance"
        description="Maintenance windows of a project's clusters: while one is open, other automation leaves its clusters alone."
        extra={
          can(maintenanceApi.create) ? (
            <Button type="primary" onPointerEnter={NewMaintenanceDialog.preload} onClick={() => setOpen(true)}>
              New Maintenance
            </Button>
          ) : null
        }
      />
      <Panel>
        <MaintenanceTable />
      </Panel>
      <NewMaintenanceDialog
        open={open}
        onClose={() => setOpen(false)}
        onDone={(id) => void navigate(maintenancePath(id))}
      />
    </>
  );
}
