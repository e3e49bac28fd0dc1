import { Form, Input, InputNumber, Select } from 'antd';
import { hasStorage, SKU_MESSAGES as M } from '@portal/contract';
import type { CloudProvider, SkuComponentType } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { FormModal } from '../../../shared/ui/FormModal';
import { useComputeMus, useCreateSku, useSpus, useStorageMus } from '../api';
import { componentOptions, providerOptions } from '../lib/options';
import { toStorage } from '../lib/storage';
import type { StorageValues } from '../lib/storage';
import { numberRules, SkuStorageSection } from './StorageFields';

interface Values {
  componentType?: SkuComponentType;
  cloudProvider?: CloudProvider;
  displayName?: string;
  spuKey?: string;
  instanceMuId?: string;
  dataStorage?: StorageValues;
  editRaftStorage?: boolean;
  raftlogStorage?: StorageValues;
  defaultNodeCount?: number;
  key?: string;
  tikvSkuKey?: string;
  tierUnits?: string[];
}

export interface SkuCreateDialogProps {
  open: boolean;
  onClose(): void;
  /** Preselected SPU (the list's `spu_key` filter). */
  spuKey?: string;
}

const required = (message: string) => [{ required: true, whitespace: true, message }];

/**
 * Create a SKU (spec §5, every required message verbatim): component, provider, display name, SPU key, instance type
 * (the provider's compute MUs); for a component that keeps data its storage (the provider's storage MUs) and whether
 * to add a raft-log storage; default node number, SKU key, and for PD the tikv SKU key. Numeric inputs have a minimum
 * of 0.
 */
export function SkuCreateDialog({ open, onClose, spuKey }: SkuCreateDialogProps) {
  const [form] = Form.useForm<Values>();
  const create = useCreateSku();
  const componentType = Form.useWatch('componentType', form);
  const cloudProvider = Form.useWatch('cloudProvider', form);
  const editRaft = Form.useWatch('editRaftStorage', form);
  const spus = useSpus({ componentType, per_page: 1000 }, !!componentType);
  const computeMus = useComputeMus(cloudProvider);
  const storageMus = useStorageMus(cloudProvider);
  const storage = componentType ? hasStorage(componentType) : false;

  return (
    <FormModal<Values>
      title="Create SKU"
      okText="Create"
      open={open}
      onClose={onClose}
      form={form}
      width={760}
      initialValues={spuKey ? { spuKey } : {}}
      onSubmit={async (v) => {
        await create.mutateAsync({
          key: v.key ?? '',
          displayName: v.displayName ?? '',
          cloudProvider: v.cloudProvider!,
          componentType: v.componentType!,
          spuKey: v.spuKey ?? '',
          instanceMuId: v.instanceMuId ?? '',
          defaultNodeCount: v.defaultNodeCount!,
          ...(v.componentType === 'PD' ? { tikvSkuKey: v.tikvSkuKey } : {}),
          conditions: v.tierUnits?.length ? [{ key: 'ATTACH_TIERUNIT', operator: 'IN', values: v.tierUnits }] : [],
          ...(storage && v.dataStorage ? { dataStorage: toStorage(v.dataStorage) } : {}),
          ...(storage && v.editRaftStorage && v.raftlogStorage ? { raftlogStorage: toStorage(v.raftlogStorage) } : {}),
        });
        feedback().message.success(M.skuCreated);
      }}
    >
      <Form.Item name="componentType" label="Component Type" required rules={required(M.componentType)}>
        <Select
          aria-label="Component Type"
          options={componentOptions}
          placeholder="Select a component type"
          onChange={() => form.setFieldValue('spuKey', undefined)}
        />
      </Form.Item>
      <Form.Item name="cloudProvider" label="Provider" required rules={required(M.provider)}>
        <Select
          aria-label="Provider"
          options={providerOptions}
          placeholder="Select a provider"
          onChange={() => {
            form.setFieldValue('instanceMuId', undefined);
            form.setFieldValue(['dataStorage', 'storageMuId'], undefined);
            form.setFieldValue(['raftlogStorage', 'storageMuId'], undefined);
          }}
        />
      </Form.Item>
      <Form.Item name="displayName" label="Display Name" required rules={required(M.displayName)}>
        <Input aria-label="Display Name" />
      </Form.Item>
      <Form.Item name="spuKey" label="SPU Key" required rules={required(M.spuKey)}>
        <Select
          aria-label="SPU Key"
          showSearch
          loading={spus.isFetching}
          placeholder={componentType ? 'Select an SPU' : 'Select a component type first'}
          options={(spus.data?.items ?? []).map((s) => ({ value: s.key, label: `${s.key} (${s.displayName})` }))}
        />
      </Form.Item>
      <Form.Item name="instanceMuId" label="Instance Type" required rules={required(M.instanceType)}>
        <Select
          aria-label="Instance Type"
          showSearch
          loading={computeMus.isFetching}
          placeholder={cloudProvider ? 'Select an instance type' : 'Select a provider first'}
          options={(computeMus.data ?? []).map((m) => ({
            value: m.id,
            label: `${m.instanceType} (${m.cpuCore} vCPU, ${m.memoryGi} GiB, ${m.cpuArch})`,
          }))}
        />
      </Form.Item>
      {storage ? (
        <SkuStorageSection storageMus={storageMus.data} loading={storageMus.isFetching} editRaft={editRaft} />
      ) : null}
      <Form.Item name="defaultNodeCount" label="Default Node Number" required rules={numberRules(M.defaultNodeCount)}>
        <InputNumber aria-label="Default Node Number" precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="key" label="SKU Key" required rules={required(M.key)}>
        <Input aria-label="SKU Key" placeholder="aws-tikv-8c32g" />
      </Form.Item>
      {componentType === 'PD' ? (
        <Form.Item name="tikvSkuKey" label="TiKV SKU Key" required rules={required(M.tikvSkuKey)}>
          <Input aria-label="TiKV SKU Key" />
        </Form.Item>
      ) : null}
      <Form.Item name="tierUnits" label="Tier Units (ATTACH_TIERUNIT IN)">
        <Select aria-label="Tier Units" mode="tags" placeholder="Any tier unit" open={false} />
      </Form.Item>
    </FormModal>
  );
}
