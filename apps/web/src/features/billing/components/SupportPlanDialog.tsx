import { Form, Input } from 'antd';
import { BILLING_MESSAGES } from '@portal/contract';
import type { SupportPlan } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { FormModal } from '../../../shared/ui/FormModal';
import { useUpdateSupportPlan } from '../api/plans';
import { SupportTermsFields, termsBody, termsValues } from './SupportTermsFields';
import type { TermsValues } from './SupportTermsFields';

type Values = TermsValues & { name?: string };

export interface SupportPlanDialogProps {
  open: boolean;
  plan: SupportPlan | null;
  onClose(): void;
}

/** Update a plan's terms (§7 support_plan/{id} PUT): a public plan's change reaches every tenant bound to it. */
export function SupportPlanDialog({ open, plan, onClose }: SupportPlanDialogProps) {
  const [form] = Form.useForm<Values>();
  const update = useUpdateSupportPlan(plan?.support_plan_id ?? '');
  if (!plan) return null;
  return (
    <FormModal<Values>
      title={`Update Support Plan ${plan.name}`}
      okText="Save"
      open={open}
      onClose={onClose}
      form={form}
      width={640}
      initialValues={{ name: plan.name, ...termsValues(plan) }}
      onSubmit={async (values) => {
        await update.mutateAsync({ name: values.name?.trim() || undefined, ...termsBody(values) });
        feedback().message.success(BILLING_MESSAGES.saved);
      }}
    >
      <Form.Item name="name" label="Name">
        <Input aria-label="Name" maxLength={64} />
      </Form.Item>
      {plan.binding_count > 0 ? (
        <p className="page-description">
          {plan.is_public
            ? `${plan.binding_count} bound plan(s) use these terms: their open invoices are re-rated.`
            : 'The tenant’s open invoices are re-rated with these terms.'}
        </p>
      ) : null}
      <SupportTermsFields form={form} currentLevel={plan.level} />
    </FormModal>
  );
}
