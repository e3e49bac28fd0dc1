import { Form, Input, Radio, Select } from 'antd';
import { SKU_MESSAGES as M } from '@portal/contract';
import type { AddWhitelistBody, SkuComponentType } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { FormModal } from '../../../shared/ui/FormModal';
import { useAddWhitelist } from '../api';
import { componentOptions } from '../lib/options';

interface Values {
  scope?: 'sku' | 'spu';
  sku_key?: string;
  component_type?: SkuComponentType;
  spu_key?: string;
  tenant_ids?: string[];
}

export interface WhitelistTarget {
  sku_key?: string;
  component_type?: SkuComponentType;
  spu_key?: string;
}

export const WHITELIST_ADDED = 'Tenants have been added to the whitelist';

/**
 * Add tenants to the whitelist of a SKU (its key and component type) or of an SPU: the dialog names who will be
 * allowed to use what, and Add confirms it.
 */
export function AddWhitelistDialog({
  open,
  target,
  onClose,
}: {
  open: boolean;
  target: WhitelistTarget;
  onClose(): void;
}) {
  const [form] = Form.useForm<Values>();
  const add = useAddWhitelist();
  const scope = Form.useWatch('scope', form);
  return (
    <FormModal<Values>
      title="Add Tenants to the Whitelist"
      okText="Add"
      open={open}
      onClose={onClose}
      form={form}
      initialValues={{ scope: target.spu_key ? 'spu' : 'sku', ...target, tenant_ids: [] }}
      onSubmit={async (v) => {
        const body: AddWhitelistBody =
          v.scope === 'spu'
            ? { spu_key: v.spu_key ?? '', tenant_ids: v.tenant_ids ?? [] }
            : { sku_key: v.sku_key ?? '', component_type: v.component_type, tenant_ids: v.tenant_ids ?? [] };
        await add.mutateAsync(body);
        feedback().message.success(WHITELIST_ADDED);
      }}
    >
      <Form.Item name="scope" label="Whitelist of">
        <Radio.Group
          aria-label="Whitelist of"
          options={[
            { value: 'sku', label: 'A SKU' },
            { value: 'spu', label: 'An SPU' },
          ]}
        />
      </Form.Item>
      {scope === 'spu' ? (
        <Form.Item
          name="spu_key"
          label="SPU Key"
          required
          rules={[{ required: true, whitespace: true, message: M.spuKey }]}
        >
          <Input aria-label="SPU Key" />
        </Form.Item>
      ) : (
        <>
          <Form.Item
            name="sku_key"
            label="SKU Key"
            required
            rules={[{ required: true, whitespace: true, message: M.key }]}
          >
            <Input aria-label="SKU Key" />
          </Form.Item>
          <Form.Item
            name="component_type"
            label="Component Type"
            required
            rules={[{ required: true, message: M.componentType }]}
          >
            <Select aria-label="Component Type" options={componentOptions} />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="tenant_ids"
        label="Tenant IDs"
        required
        extra="Type a tenant ID and press Enter; paste several separated by commas or spaces."
        rules={[{ required: true, type: 'array', min: 1, message: M.tenantsRequired }]}
      >
        <Select aria-label="Tenant IDs" mode="tags" tokenSeparators={[',', ' ']} open={false} />
      </Form.Item>
    </FormModal>
  );
}
