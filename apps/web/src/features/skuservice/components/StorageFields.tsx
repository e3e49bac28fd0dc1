import { Card, Col, Form, InputNumber, Radio, Row, Select } from 'antd';
import { SKU_MESSAGES as M, SKU_STRATEGIES } from '@portal/contract';
import type { StorageMu } from '@portal/contract';

/** Spec §5: numeric inputs have a minimum of 0; an empty one says what it wants. */
export function numberRules(missing: string) {
  return [
    { required: true, message: missing },
    { type: 'number' as const, min: 0, message: M.minimum0 },
  ];
}

function NumberItem({ name, label, missing }: { name: (string | number)[]; label: string; missing: string }) {
  return (
    <Form.Item name={name} label={label} required rules={numberRules(missing)}>
      <InputNumber aria-label={label} style={{ width: '100%' }} />
    </Form.Item>
  );
}

const strategyOptions = SKU_STRATEGIES.map((s) => ({ value: s, label: s }));

/**
 * A SKU's data or raft-log storage (spec §3): the volume type from the provider's storage MUs, default / min / max
 * size, IOPS and throughput ranges, and each one's strategy (Fixed or Dynamic) with the matching fields.
 */
export function StorageFields({
  prefix,
  title,
  storageMus,
  loading,
}: {
  prefix: 'dataStorage' | 'raftlogStorage';
  title: string;
  storageMus: StorageMu[] | undefined;
  loading?: boolean;
}) {
  const form = Form.useFormInstance();
  const iopsStrategy = Form.useWatch([prefix, 'iopsStrategy'], form) as string | undefined;
  const throughputStrategy = Form.useWatch([prefix, 'throughputStrategy'], form) as string | undefined;
  const label = (l: string) => `${title} ${l}`;
  return (
    <Card size="small" title={title} style={{ marginBottom: 16 }}>
      <Form.Item
        name={[prefix, 'storageMuId']}
        label="Volume Type"
        required
        rules={[{ required: true, message: M.volumeType }]}
      >
        <Select
          aria-label={label('Volume Type')}
          loading={loading}
          placeholder="Select a volume type"
          options={(storageMus ?? []).map((m) => ({ value: m.id, label: m.volumeType }))}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col span={8}>
          <NumberItem name={[prefix, 'sizeGiDefault']} label={label('Default Size (GiB)')} missing={M.sizeGiDefault} />
        </Col>
        <Col span={8}>
          <NumberItem name={[prefix, 'sizeGiMin']} label={label('Min Size (GiB)')} missing={M.sizeGiMin} />
        </Col>
        <Col span={8}>
          <NumberItem name={[prefix, 'sizeGiMax']} label={label('Max Size (GiB)')} missing={M.sizeGiMax} />
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={8}>
          <NumberItem name={[prefix, 'iopsMin']} label={label('Min IOPS')} missing={M.iopsMin} />
        </Col>
        <Col span={8}>
          <NumberItem name={[prefix, 'iopsMax']} label={label('Max IOPS')} missing={M.iopsMax} />
        </Col>
        <Col span={8}>
          <Form.Item
            name={[prefix, 'iopsStrategy']}
            label="IOPS Strategy"
            required
            rules={[{ required: true, message: M.iopsStrategy }]}
          >
            <Radio.Group aria-label={label('IOPS Strategy')} options={strategyOptions} />
          </Form.Item>
        </Col>
      </Row>
      {iopsStrategy === 'Fixed' ? (
        <NumberItem name={[prefix, 'iops']} label={label('IOPS')} missing={M.value} />
      ) : iopsStrategy === 'Dynamic' ? (
        <NumberItem name={[prefix, 'iopsPerSizeGi']} label={label('IOPS per GiB')} missing={M.value} />
      ) : null}
      <Row gutter={12}>
        <Col span={8}>
          <NumberItem
            name={[prefix, 'throughputMibpsMin']}
            label={label('Min Throughput (MiB/s)')}
            missing={M.throughputMin}
          />
        </Col>
        <Col span={8}>
          <NumberItem
            name={[prefix, 'throughputMibpsMax']}
            label={label('Max Throughput (MiB/s)')}
            missing={M.throughputMax}
          />
        </Col>
        <Col span={8}>
          <Form.Item
            name={[prefix, 'throughputStrategy']}
            label="Throughput Strategy"
            required
            rules={[{ required: true, message: M.throughputStrategy }]}
          >
            <Radio.Group aria-label={label('Throughput Strategy')} options={strategyOptions} />
          </Form.Item>
        </Col>
      </Row>
      {throughputStrategy === 'Fixed' ? (
        <NumberItem name={[prefix, 'throughputMibps']} label={label('Throughput (MiB/s)')} missing={M.value} />
      ) : throughputStrategy === 'Dynamic' ? (
        <Row gutter={12}>
          <Col span={12}>
            <NumberItem
              name={[prefix, 'throughputMibpsPerIops']}
              label={label('Throughput per IOPS (MiB/s)')}
              missing={M.value}
            />
          </Col>
          <Col span={12}>
            <NumberItem
              name={[prefix, 'throughputMibpsPerSizeGi']}
              label={label('Throughput per GiB (MiB/s)')}
              missing={M.value}
            />
          </Col>
        </Row>
      ) : null}
    </Card>
  );
}

/**
 * A SKU's storages (create and update): its data storage, whether it has a raft-log storage of its own ("Edit Raft
 * Storage", spec §5) and, when it has, that one.
 */
export function SkuStorageSection({
  storageMus,
  loading,
  editRaft,
}: {
  storageMus: StorageMu[] | undefined;
  loading: boolean;
  editRaft: boolean | undefined;
}) {
  return (
    <>
      <StorageFields prefix="dataStorage" title="Data Storage" storageMus={storageMus} loading={loading} />
      <Form.Item
        name="editRaftStorage"
        label="Edit Raft Storage"
        required
        rules={[{ required: true, message: M.editRaftStorage }]}
      >
        <Radio.Group
          aria-label="Edit Raft Storage"
          options={[
            { value: true, label: 'Yes' },
            { value: false, label: 'No' },
          ]}
        />
      </Form.Item>
      {editRaft ? (
        <StorageFields prefix="raftlogStorage" title="Raft Log Storage" storageMus={storageMus} loading={loading} />
      ) : null}
    </>
  );
}
