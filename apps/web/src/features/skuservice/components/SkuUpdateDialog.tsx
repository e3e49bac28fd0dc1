import { Form, InputNumber, Select } from 'antd';
import { useNavigate } from 'react-router';
import { hasStorage, SKU_MESSAGES as M } from '@portal/contract';
import type { Sku, UpdateSkuBody } from '@portal/contract';
import { FormModal } from '../../../shared/ui/FormModal';
import { notifyOperationSubmitted } from '../../../shared/ui/OperationSubmitted';
import { useStorageMus, useUpdateSku } from '../api';
import { fromStorage, toStorage } from '../lib/storage';
import type { StorageValues } from '../lib/storage';
import { numberRules, SkuStorageSection } from './StorageFields';

interface Values {
  defaultNodeCount?: number;
  tierUnits?: string[];
  dataStorage?: StorageValues;
  editRaftStorage?: boolean;
  raftlogStorage?: StorageValues;
}

/**
 * Update a SKU (spec §7: defaultNodeCount, dataStorage, raftlogStorage, conditions). The change runs as an operation:
 * its id links to /operations/{id}, and the SKU shows the change once the operation has applied it.
 */
export function SkuUpdateDialog({ open, sku, onClose }: { open: boolean; sku: Sku | null; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const update = useUpdateSku(sku?.id ?? '');
  const storageMus = useStorageMus(sku?.cloudProvider);
  const editRaft = Form.useWatch('editRaftStorage', form);
  const storage = sku ? hasStorage(sku.componentType) : false;
  if (!sku) return null;
  return (
    <FormModal<Values>
      title={`Update SKU ${sku.key}`}
      okText="Update"
      open={open}
      onClose={onClose}
      form={form}
      width={760}
      // Failures are the §8 operation-failure dialog (titled with the code).
      inlineErrors={false}
      initialValues={{
        defaultNodeCount: sku.defaultNodeCount,
        tierUnits: sku.conditions.find((c) => c.key === 'ATTACH_TIERUNIT')?.values ?? [],
        dataStorage: fromStorage(sku.dataStorage),
        raftlogStorage: fromStorage(sku.raftlogStorage),
      }}
      onSubmit={async (v) => {
        const body: UpdateSkuBody = {
          defaultNodeCount: v.defaultNodeCount!,
          conditions: v.tierUnits?.length ? [{ key: 'ATTACH_TIERUNIT', operator: 'IN', values: v.tierUnits }] : [],
          ...(storage && v.dataStorage ? { dataStorage: toStorage(v.dataStorage) } : {}),
          ...(storage && v.editRaftStorage && v.raftlogStorage ? { raftlogStorage: toStorage(v.raftlogStorage) } : {}),
        };
        const { instance_id } = await update.mutateAsync(body);
        notifyOperationSubmitted(instance_id, navigate);
      }}
    >
      <Form.Item name="defaultNodeCount" label="Default Node Number" required rules={numberRules(M.defaultNodeCount)}>
        <InputNumber aria-label="Default Node Number" precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="tierUnits" label="Tier Units (ATTACH_TIERUNIT IN)">
        <Select aria-label="Tier Units" mode="tags" placeholder="Any tier unit" open={false} />
      </Form.Item>
      {storage ? (
        <SkuStorageSection storageMus={storageMus.data} loading={storageMus.isFetching} editRaft={editRaft} />
      ) : null}
    </FormModal>
  );
}
