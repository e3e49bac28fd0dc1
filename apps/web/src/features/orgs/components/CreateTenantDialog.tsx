import { Form, Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { TENANT_CREATE_ORG_TAGS, createTenantBody, providersApi } from '@portal/contract';
import type { CreateTenantBody } from '@portal/contract';
import { tenantPath } from '../../../shared/api/entities';
import { api } from '../../../shared/lib/api';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { useCreateTenant } from '../tenantOps';

interface Values {
  name: string;
  email: string;
  provider?: string;
  region?: string;
  org_tag?: (typeof TENANT_CREATE_ORG_TAGS)[number];
}

const fields = createTenantBody.shape;
export const TENANT_CREATED = 'Tenant created';

/** The providers' enabled regions (the providers area's cache entries: same keys, same answers). */
function useRegionOptions(providerId: string | undefined) {
  const providers = useQuery({
    queryKey: ['providers', 'list'],
    queryFn: ({ signal }) => api(providersApi.list, {}, { signal }),
  });
  const detail = useQuery({
    queryKey: ['providers', 'detail', providerId ?? ''],
    queryFn: ({ signal }) => api(providersApi.detail, { params: { id: providerId! } }, { signal }),
    enabled: !!providerId,
  });
  return {
    providers: (providers.data?.items ?? [])
      .filter((p) => p.enabled)
      .map((p) => ({ value: p.id, label: p.display_name })),
    providersLoading: providers.isLoading,
    regions: (detail.data?.regions ?? [])
      .filter((r) => r.enabled)
      .map((r) => ({ value: r.region_code, label: r.display_name })),
    regionsLoading: detail.isLoading && !!providerId,
  };
}

/** Create a tenant (spec §7 POST tenants): name, contact email, home region, an optional org tag; opens it after. */
export function CreateTenantDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const create = useCreateTenant();
  const navigate = useNavigate();
  const provider = Form.useWatch('provider', form);
  const options = useRegionOptions(provider);
  return (
    <FormModal<Values>
      title="Create tenant"
      okText="Create"
      open={open}
      onClose={onClose}
      form={form}
      onSubmit={async (v) => {
        const body: CreateTenantBody = {
          name: v.name,
          email: v.email,
          region: v.region ?? '',
          org_tag: v.org_tag ?? null,
        };
        const tenant = await create.mutateAsync(body);
        feedback().message.success(TENANT_CREATED);
        void navigate(tenantPath(tenant.id));
      }}
    >
      <Form.Item name="name" label="Name" required rules={[schemaRule(fields.name)]}>
        <Input placeholder="Acme Corp" autoComplete="off" />
      </Form.Item>
      <Form.Item name="email" label="Contact email" required rules={[schemaRule(fields.email)]}>
        <Input placeholder="ops@acme.com" autoComplete="off" />
      </Form.Item>
      <Form.Item name="provider" label="Cloud provider" required rules={[{ required: true, message: 'Required' }]}>
        <Select
          aria-label="Cloud provider"
          placeholder="Select a provider"
          loading={options.providersLoading}
          options={options.providers}
          onChange={() => form.setFieldValue('region', undefined)}
        />
      </Form.Item>
      <Form.Item
        name="region"
        label="Home region"
        required
        rules={[schemaRule(fields.region)]}
        extra="Where the tenant's data lives by default"
      >
        <Select
          aria-label="Home region"
          placeholder={provider ? 'Select a region' : 'Select a provider first'}
          disabled={!provider}
          loading={options.regionsLoading}
          options={options.regions}
        />
      </Form.Item>
      <Form.Item name="org_tag" label="Org tag">
        <Select
          aria-label="Org tag"
          allowClear
          placeholder="None"
          options={TENANT_CREATE_ORG_TAGS.map((t) => ({ value: t, label: t }))}
        />
      </Form.Item>
    </FormModal>
  );
}
