import { DatePicker, Descriptions, Flex, Form, Input, InputNumber, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { Link } from 'react-router';
import {
  BILLING_MESSAGES,
  formatMoney,
  MSP_OWNER_ROLE,
  MSP_SUPPORT_TYPES,
  PARTNER_MESSAGES,
  partnerEmailField,
  partnerNameField,
  utcToday,
} from '@portal/contract';
import type { AdvertisingItem, CreateMspBody, Msp, Partner, PartnerType, SupportType } from '@portal/contract';
import { schemaRule } from '../../../shared/lib/formRules';
import { feedback } from '../../../shared/lib/feedback';
import { Text } from '../../../shared/ui/Typography';
import { useCreateMsp, useCreateReseller, useUpdateMsp } from '../api';
import { beforeToday, DAY, dayValue, pickerDay, sendStart } from '../lib/dates';
import { PARTNER_CONFIGS, partnerPath } from '../lib/types';
import { AdvertisingField } from './AdvertisingField';
import { LogoUpload } from './LogoUpload';
import type { LogoValue } from './LogoUpload';
import { SignupLink } from './SignupUrl';
import { StepDialog } from './StepDialog';

const SUPPORT_TYPE_LABELS: Record<SupportType, string> = {
  fixed_price: 'Fixed Price',
  percentage_price: 'Percentage Price',
  tiered_price: 'Tiered Price',
};

/** What the partner dialog holds: a reseller's name and email; an MSP's profile and, when created, its plan. */
export interface PartnerValues {
  name?: string;
  email?: string;
  website?: string;
  logo?: LogoValue | null;
  disclaimers?: string;
  advertising_arr?: AdvertisingItem[];
  /** Spec §9: an MSP allows only fixed and percentage. */
  support_type?: (typeof MSP_SUPPORT_TYPES)[number];
  /** Minimum monthly cost, dollars. */
  support_minimum?: number | null;
  /** Percent, 0–100 (percentage_price). */
  support_percentage?: number | null;
  support_active?: Dayjs | null;
}

export interface PartnerDialogProps {
  type: PartnerType;
  open: boolean;
  onClose(): void;
  /** The MSP to update (update mode); creates a new partner without it. */
  msp?: Msp;
}

const toCents = (dollars: number) => Math.round(dollars * 100);

function mspCreateBody(v: PartnerValues): CreateMspBody {
  return {
    name: v.name ?? '',
    email: v.email ?? '',
    website: v.website ?? '',
    logo_name: v.logo?.logo_name ?? '',
    logo_url: v.logo?.logo_url ?? null,
    disclaimers: v.disclaimers ?? '',
    advertising_arr: v.advertising_arr ?? [],
    support_plan: {
      type: v.support_type ?? 'fixed_price',
      fixed_charge_price: toCents(v.support_minimum ?? 0),
      support_price_percentage:
        v.support_type === 'percentage_price' && v.support_percentage !== null && v.support_percentage !== undefined
          ? v.support_percentage / 100
          : null,
      active_date: v.support_active ? sendStart(v.support_active) : '',
    },
  };
}

/** The Confirm step: what will be sent, as the user typed it. */
function Summary({ type, values, creating }: { type: PartnerType; values: PartnerValues; creating: boolean }) {
  const items = [
    { key: 'type', label: 'Type', children: PARTNER_CONFIGS[type].noun },
    { key: 'name', label: 'Name', children: values.name },
    { key: 'email', label: 'Email', children: values.email },
  ];
  if (type === 'msp') {
    items.push(
      { key: 'website', label: 'Website', children: values.website || '-' },
      { key: 'logo', label: 'Logo', children: values.logo?.logo_name || '-' },
      { key: 'disclaimers', label: 'Disclaimers', children: values.disclaimers || '-' },
      {
        key: 'advertising',
        label: 'Advertising',
        children: values.advertising_arr?.length ? values.advertising_arr.map((a) => a.heading).join(' · ') : '-',
      },
    );
    if (creating)
      items.push({
        key: 'plan',
        label: 'Support plan',
        children: `${SUPPORT_TYPE_LABELS[values.support_type ?? 'fixed_price']}, minimum ${formatMoney(
          toCents(values.support_minimum ?? 0),
        )}${values.support_type === 'percentage_price' ? `, ${values.support_percentage ?? 0} %` : ''}, from ${
          values.support_active ? pickerDay(values.support_active) : '-'
        }`,
      });
  }
  return <Descriptions size="small" column={1} bordered items={items} />;
}

/** The Done step of a creation: the new partner, its page and its signup URL. */
function Created({ type, partner }: { type: PartnerType; partner: Partner }) {
  return (
    <div role="status">
      <p>
        {PARTNER_CONFIGS[type].noun} <Link to={partnerPath(type, partner.org_id)}>{partner.name}</Link> was created (ID{' '}
        <Text code>{partner.org_id}</Text>).
      </p>
      {type === 'msp' ? (
        <p>
          An initial API key with the role “{MSP_OWNER_ROLE}” was sent to {partner.email}.
        </p>
      ) : null}
      <p>Signup URL:</p>
      <SignupLink url={partner.signup_url} />
    </div>
  );
}

/** The MSP's own fields: website, logo (SVG only), disclaimers, advertising; its support plan when created. */
function MspFields({ form, creating }: { form: ReturnType<typeof Form.useForm<PartnerValues>>[0]; creating: boolean }) {
  const supportType = Form.useWatch('support_type', form);
  return (
    <>
      <Form.Item name="website" label="Website">
        <Input aria-label="Website" placeholder="https://" />
      </Form.Item>
      <Form.Item name="logo" label="Logo (SVG)">
        <LogoUpload onError={(message) => form.setFields([{ name: 'logo', errors: message ? [message] : [] }])} />
      </Form.Item>
      <Form.Item name="disclaimers" label="Disclaimers">
        <Input.TextArea aria-label="Disclaimers" rows={2} />
      </Form.Item>
      <AdvertisingField form={form} />
      {creating ? (
        <fieldset style={{ border: 0, padding: 0, marginTop: 16 }}>
          <legend style={{ fontWeight: 600, fontSize: 14 }}>Support Plan</legend>
          <Flex gap={16} wrap>
            <Form.Item
              name="support_type"
              label="Type"
              required
              rules={[{ required: true, message: PARTNER_MESSAGES.mspSupportType }]}
              style={{ flex: 1, minWidth: 180 }}
            >
              {/* Spec §9: an MSP allows only fixed and percentage. */}
              <Select
                aria-label="Support Type"
                options={MSP_SUPPORT_TYPES.map((value) => ({ value, label: SUPPORT_TYPE_LABELS[value] }))}
              />
            </Form.Item>
            <Form.Item
              name="support_minimum"
              label="Minimum Monthly Cost ($)"
              required
              rules={[{ required: true, message: BILLING_MESSAGES.minimumCostRequired }]}
              style={{ flex: 1, minWidth: 180 }}
            >
              <InputNumber aria-label="Minimum Monthly Cost" min={0} step={0.01} style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
          <Flex gap={16} wrap>
            {supportType === 'percentage_price' ? (
              <Form.Item
                name="support_percentage"
                label="Percentage (%)"
                required
                rules={[
                  { required: true, message: BILLING_MESSAGES.percentageRequired },
                  { type: 'number', min: 0, max: 100, message: BILLING_MESSAGES.percentageRange },
                ]}
                style={{ flex: 1, minWidth: 180 }}
              >
                <InputNumber aria-label="Percentage" step={0.1} style={{ width: '100%' }} />
              </Form.Item>
            ) : null}
            <Form.Item
              name="support_active"
              label="Active Date (UTC)"
              required
              rules={[{ required: true, message: BILLING_MESSAGES.startDateRequired }]}
              style={{ flex: 1, minWidth: 180 }}
            >
              <DatePicker aria-label="Active Date" format={DAY} disabledDate={beforeToday} style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
        </fieldset>
      ) : null}
    </>
  );
}

/**
 * Create a reseller (AWS CPPO, GCP MCPO or plain), create an MSP, or update an MSP (spec §2, §4 Partner dialogs): in
 * steps Configure Details → Confirm (Prev goes back) → Done, the Done step only when adding. §5: the name is required
 * ("Required"), the email required and valid ("Invalid Email"); an MSP's logo is an SVG and its advertising at most 4
 * paragraphs of a heading and a body.
 */
export function PartnerDialog({ type, open, onClose, msp }: PartnerDialogProps) {
  const [form] = Form.useForm<PartnerValues>();
  const creating = !msp;
  const createReseller = useCreateReseller(type === 'msp' ? 'reseller' : type);
  const createMsp = useCreateMsp();
  const updateMsp = useUpdateMsp();
  const noun = PARTNER_CONFIGS[type].noun;

  const initialValues: PartnerValues = msp
    ? {
        name: msp.name,
        email: msp.email,
        website: msp.website ?? '',
        logo: msp.logo_url ? { logo_url: msp.logo_url, logo_name: msp.logo_name ?? '' } : null,
        disclaimers: msp.disclaimers,
        advertising_arr: msp.advertising_arr,
      }
    : type === 'msp'
      ? { advertising_arr: [], support_type: 'fixed_price', support_minimum: 0, support_active: dayValue(utcToday()) }
      : {};

  const submit = async (v: PartnerValues): Promise<Partner> => {
    if (type !== 'msp') return createReseller.mutateAsync({ name: v.name ?? '', email: v.email ?? '' });
    if (creating) return createMsp.mutateAsync(mspCreateBody(v));
    const updated = await updateMsp.mutateAsync({
      org_id: msp.org_id,
      name: v.name,
      email: v.email,
      website: v.website ?? '',
      logo_name: v.logo?.logo_name ?? '',
      logo_url: v.logo?.logo_url ?? null,
      disclaimers: v.disclaimers ?? '',
      advertising_arr: v.advertising_arr ?? [],
    });
    feedback().message.success(`${noun} ${updated.name} updated`);
    return updated;
  };

  return (
    <StepDialog<PartnerValues, Partner>
      title={creating ? `Create ${noun}` : `Update ${noun}`}
      open={open}
      onClose={onClose}
      form={form}
      mode={creating ? 'add' : 'update'}
      width={type === 'msp' ? 760 : 560}
      initialValues={initialValues}
      confirm={(values) => <Summary type={type} values={values} creating={creating} />}
      onSubmit={submit}
      done={(partner) => <Created type={type} partner={partner} />}
    >
      <Form.Item name="name" label="Name" required rules={[schemaRule(partnerNameField)]}>
        <Input aria-label="Name" />
      </Form.Item>
      <Form.Item name="email" label="Email" required rules={[schemaRule(partnerEmailField)]}>
        <Input aria-label="Email" />
      </Form.Item>
      {type === 'msp' ? <MspFields form={form} creating={creating} /> : null}
    </StepDialog>
  );
}
