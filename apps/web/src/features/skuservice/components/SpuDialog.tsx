import { Form, Input, InputNumber, Select } from 'antd';
import { useNavigate } from 'react-router';
import { createSpuBody, parseMappings, SKU_MESSAGES as M } from '@portal/contract';
import type { SkuComponentType, Spu } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { notifyOperationSubmitted } from '../../../shared/ui/OperationSubmitted';
import { useCreateSpu, useUpdateSpu } from '../api';
import { componentOptions, mappingsText } from '../lib/options';

interface Values {
  componentType?: SkuComponentType;
  cpuCore?: number;
  memorySizeGi?: number;
  displayName?: string;
  name?: string;
  mappings?: string;
}

export interface SpuDialogProps {
  open: boolean;
  /** The SPU to modify (display name or mappings); a new one when null. */
  spu: Spu | null;
  onClose(): void;
}

const shape = createSpuBody.shape;

/** Spec §5: the mappings are required and must parse as JSON (a list of `{ skuKey }`). */
const mappingsRule = {
  validator: async (_rule: unknown, value: unknown) => {
    const text = typeof value === 'string' ? value.trim() : '';
    if (!text) throw new Error(M.mappings);
    try {
      JSON.parse(text);
    } catch {
      throw new Error(M.mappingsJson);
    }
    parseMappings(text);
  },
};

/**
 * Create an SPU (spec §5: component, vCPU ≥ 1, memory ≥ 1, display name, name and JSON mappings, all required) or
 * modify one's display name or mappings: the change runs as an operation whose id links to /operations/{id}. A
 * mappings text that does not parse when modifying is a local failure: its error text is the dialog's title and
 * content (spec §8).
 */
export function SpuDialog({ open, spu, onClose }: SpuDialogProps) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const create = useCreateSpu();
  const update = useUpdateSpu(spu?.id ?? '');

  const modify = async (values: Values) => {
    let mappings;
    try {
      mappings = parseMappings(values.mappings ?? '');
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      feedback().modal.error({ title: text, content: text });
      throw error;
    }
    const { instance_id } = await update.mutateAsync({ displayName: values.displayName ?? '', mappings });
    feedback().message.success(M.spuModified);
    notifyOperationSubmitted(instance_id, navigate);
  };

  return (
    <FormModal<Values>
      title={spu ? `Modify SPU ${spu.key}` : 'Create SPU'}
      okText={spu ? 'Modify' : 'Create'}
      open={open}
      onClose={onClose}
      form={form}
      // A modify failure is the §8 operation-failure dialog (titled with the code); a create one shows inline.
      inlineErrors={!spu}
      width={600}
      initialValues={
        spu ? { displayName: spu.displayName, mappings: mappingsText(spu.mappings) } : { mappings: mappingsText([]) }
      }
      onSubmit={async (values) => {
        if (spu) return modify(values);
        await create.mutateAsync({
          componentType: values.componentType!,
          cpuCore: values.cpuCore!,
          memorySizeGi: values.memorySizeGi!,
          displayName: values.displayName ?? '',
          name: values.name ?? '',
          mappings: parseMappings(values.mappings ?? ''),
        });
        feedback().message.success(M.spuAdded);
      }}
    >
      {spu ? null : (
        <>
          <Form.Item
            name="componentType"
            label="Component"
            required
            rules={[{ required: true, message: M.componentType }]}
          >
            <Select aria-label="Component" options={componentOptions} placeholder="Select a component" />
          </Form.Item>
          <Form.Item name="cpuCore" label="vCPU" required rules={[schemaRule(shape.cpuCore)]}>
            <InputNumber aria-label="vCPU" precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="memorySizeGi" label="Memory (GiB)" required rules={[schemaRule(shape.memorySizeGi)]}>
            <InputNumber aria-label="Memory (GiB)" precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="name" label="Name" required rules={[schemaRule(shape.name)]}>
            <Input aria-label="Name" placeholder="tidb-8c32g" />
          </Form.Item>
        </>
      )}
      <Form.Item name="displayName" label="Display Name" required rules={[schemaRule(shape.displayName)]}>
        <Input aria-label="Display Name" placeholder="8 vCPU, 32 GiB" />
      </Form.Item>
      <Form.Item
        name="mappings"
        label="Mappings"
        required
        extra='JSON: a list of {"skuKey": "…"}'
        rules={spu ? [{ required: true, message: M.mappings }] : [mappingsRule]}
      >
        <Input.TextArea aria-label="Mappings" rows={6} spellCheck={false} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
    </FormModal>
  );
}
