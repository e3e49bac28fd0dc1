import { useState } from 'react';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { maintenanceApi } from '@portal/contract';
import type { ClusterSlotProps } from '../../../shared/lib/feature';
import { useCan } from '../../../shared/lib/useCan';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { maintenancePath } from '../lib/paths';
import { MaintenanceTable } from './MaintenanceTable';

const NewMaintenanceDialog = lazyDialog(() => import('./NewMaintenanceDialog').then((m) => m.NewMaintenanceDialog));

/** The cluster page's Maintenance tab: the maintenances with an execution on this cluster, and a new one for it. */
export function ClusterMaintenanceTab({ cluster }: ClusterSlotProps) {
  const can = useCan();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <>
      {can(maintenanceApi.create) ? (
        <div style={{ marginBottom: 12 }}>
          <Button onPointerEnter={NewMaintenanceDialog.preload} onClick={() => setOpen(true)}>
            New Maintenance
          </Button>
        </div>
      ) : null}
      <MaintenanceTable clusterId={cluster.id} prefix="maintenance_" />
      <NewMaintenanceDialog
        open={open}
        onClose={() => setOpen(false)}
        onDone={(id) => void navigate(maintenancePath(id))}
        initial={{
          tenantId: cluster.tenant_id,
          tenantName: cluster.tenant_name,
          projectId: cluster.project_id,
          projectName: cluster.project_name,
          clusterIds: [cluster.id],
        }}
      />
    </>
  );
}
