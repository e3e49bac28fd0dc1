import { useState } from 'react';
import { Button } from 'antd';
import { Navigate, useParams } from 'react-router';
import { billingApi, formatMoney, formatPercent, PARTNER_AUDIT_TYPE, partnersApi } from '@portal/contract';
import type { Msp, Partner, PartnerType } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import type { DetailTab } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { Text } from '../../../shared/ui/Typography';
import { useCreateApiKey, useMsp, usePartner } from '../api';
import { ApiKeysTable } from '../components/ApiKeysTable';
import { CustomersTable } from '../components/CustomersTable';
import { ResendApiKeyButton } from '../components/ResendApiKeyButton';
import { SignupUrl } from '../components/SignupUrl';
import { PARTNER_CONFIGS, partnerPath } from '../lib/types';
import type { CreatedApiKey } from '../components/ApiKeyDialog';

const PartnerDialog = lazyDialog(() => import('../components/PartnerDialog').then((m) => m.PartnerDialog));
const AddCustomerDialog = lazyDialog(() => import('../components/AddCustomerDialog').then((m) => m.AddCustomerDialog));
const ChangeSupportPlanDialog = lazyDialog(() =>
  import('../components/ChangeSupportPlanDialog').then((m) => m.ChangeSupportPlanDialog),
);
const ApiKeyDialog = lazyDialog(() => import('../components/ApiKeyDialog').then((m) => m.ApiKeyDialog));

type Dialog = 'customer' | 'update' | 'plan' | null;

function mspFacts(msp: Msp) {
  const plan = msp.support_plan;
  return [
    { key: 'website', label: 'Website', children: msp.website ?? '-' },
    {
      key: 'logo',
      label: 'Logo',
      children: msp.logo_url ? (
        <img src={msp.logo_url} alt={`Logo ${msp.logo_name ?? ''}`} style={{ height: 28, maxWidth: 160 }} />
      ) : (
        '-'
      ),
    },
    {
      key: 'plan',
      label: 'Support Plan',
      children: plan
        ? `${plan.type === 'percentage_price' ? `${formatPercent(plan.support_price_percentage)}, ` : ''}minimum ${formatMoney(
            plan.fixed_charge_price,
          )} (${plan.status}, from ${plan.active_date.slice(0, 10)})`
        : '-',
    },
    { key: 'disclaimers', label: 'Disclaimers', span: 3, children: msp.disclaimers || '-' },
    {
      key: 'advertising',
      label: 'Advertising',
      span: 3,
      children: msp.advertising_arr.length ? (
        <div>
          {msp.advertising_arr.map((a, i) => (
            <p key={i} style={{ margin: 0 }}>
              <Text strong>{a.heading}</Text> — {a.body}
            </p>
          ))}
        </div>
      ) : (
        '-'
      ),
    },
  ];
}

/**
 * A partner's page (spec §2 /msp/{org_id}, /cppo/{org_id}, /mcpo/{org_id}, /reseller/{org_id}): name, ID, email, its
 * signup URL and its customers (ID, name, email, status, effective at, expiration at) with Add Customer. An MSP's
 * also shows its profile (website, logo, support plan, disclaimers, advertising) and API keys, with Update (2 steps),
 * Create API Key (the key shown once) and Resend API Key. A partner reached under another type's path (an audit
 * row's link) moves to its own.
 */
export function PartnerDetailPage({ type }: { type: PartnerType }) {
  const { orgId = '' } = useParams();
  const config = PARTNER_CONFIGS[type];
  const can = useCan();
  const partnerQuery = usePartner(orgId);
  const mspQuery = useMsp(orgId, type === 'msp');
  const createKey = useCreateApiKey(orgId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [createdKey, setCreatedKey] = useState<CreatedApiKey | null>(null);
  const msp = mspQuery.data;
  const partner: Partner | undefined = msp ?? partnerQuery.data;

  if (partnerQuery.data && partnerQuery.data.type !== type)
    return <Navigate to={partnerPath(partnerQuery.data.type, orgId)} replace />;

  const loading = partnerQuery.isLoading || (type === 'msp' && mspQuery.isLoading);
  const error = partner ? undefined : (partnerQuery.error ?? mspQuery.error);

  const actions = partner ? (
    <>
      {can(partnersApi.createPartnerCustomer) ? (
        <Button type="primary" onPointerEnter={AddCustomerDialog.preload} onClick={() => setDialog('customer')}>
          Add Customer
        </Button>
      ) : null}
      {msp && can(partnersApi.updateMsp) ? (
        <Button onPointerEnter={PartnerDialog.preload} onClick={() => setDialog('update')}>
          Update
        </Button>
      ) : null}
      {msp && can(billingApi.addBoundPlan) ? (
        <Button onPointerEnter={ChangeSupportPlanDialog.preload} onClick={() => setDialog('plan')}>
          Change Support Plan
        </Button>
      ) : null}
      {msp && can(partnersApi.createApiKey) ? (
        <Button
          loading={createKey.isPending}
          onPointerEnter={ApiKeyDialog.preload}
          onClick={() => void createKey.mutateAsync().then(setCreatedKey, () => undefined)}
        >
          Create API Key
        </Button>
      ) : null}
      {msp && can(partnersApi.resendApiKey) ? <ResendApiKeyButton msp={msp} /> : null}
    </>
  ) : null;

  const tabs: DetailTab[] = [
    { key: 'customers', label: 'Customers', children: <CustomersTable orgId={orgId} config={config} /> },
  ];
  if (msp) tabs.push({ key: 'keys', label: 'API Keys', children: <ApiKeysTable orgId={orgId} keys={msp.api_keys} /> });
  tabs.push({
    key: 'audit',
    label: 'Audit Logs',
    children: <AuditLogTab type={PARTNER_AUDIT_TYPE} instanceId={orgId} />,
  });

  return (
    <>
      <DetailLayout
        title={partner ? `${config.noun} ${partner.name}` : `${config.noun} ${orgId}`}
        tags={partner ? <StatusTag status={partner.status} /> : null}
        loading={loading}
        error={error}
        onRetry={() => void (partnerQuery.refetch(), type === 'msp' ? mspQuery.refetch() : undefined)}
        extra={actions}
        descriptions={
          partner && [
            { key: 'name', label: 'Name', children: partner.name },
            { key: 'id', label: 'ID', children: <Text copyable>{partner.org_id}</Text> },
            { key: 'email', label: 'Email', children: partner.email },
            { key: 'customers', label: 'Active Customers', children: partner.active_customers },
            { key: 'created', label: 'Created At', children: <DateText value={partner.created_at} withTime /> },
            { key: 'created_by', label: 'Created By', children: partner.created_by ?? '-' },
            {
              key: 'signup',
              label: 'Signup URL',
              span: 3,
              children: <SignupUrl type={type} orgId={orgId} />,
            },
            ...(msp ? mspFacts(msp) : []),
          ]
        }
        tabs={partner ? tabs : undefined}
      />
      <AddCustomerDialog open={dialog === 'customer'} onClose={() => setDialog(null)} config={config} orgId={orgId} />
      {msp ? <PartnerDialog type="msp" msp={msp} open={dialog === 'update'} onClose={() => setDialog(null)} /> : null}
      {msp ? (
        <ChangeSupportPlanDialog
          open={dialog === 'plan'}
          onClose={() => setDialog(null)}
          tenantId={msp.org_id}
          tenantName={msp.name}
          msp
        />
      ) : null}
      <ApiKeyDialog apiKey={createdKey} onClose={() => setCreatedKey(null)} />
    </>
  );
}

export const MspDetailPage = () => <PartnerDetailPage type="msp" />;
export const CppoDetailPage = () => <PartnerDetailPage type="cppo" />;
export const McpoDetailPage = () => <PartnerDetailPage type="mcpo" />;
export const ResellerDetailPage = () => <PartnerDetailPage type="reseller" />;
