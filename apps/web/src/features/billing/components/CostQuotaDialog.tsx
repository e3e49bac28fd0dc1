import { Form } from 'antd';
import { BILLING_MESSAGES } from '@portal/contract';
import type { CreditRiskLevel } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { FormModal } from '../../../shared/ui/FormModal';
import { useUpdateCostQuota } from '../api/risk';
import { QuotaFields, quotaLimitOf, quotaValues } from './QuotaFields';
import type { QuotaValues } from './QuotaFields';

export interface CostQuotaDialogProps {
  open: boolean;
  level: CreditRiskLevel | null;
  onClose(): void;
}

/** A risk level's cost quota (§7 PUT credit_risk_levels/{id}/cost_quota): unlimited is sent as -1. */
export function CostQuotaDialog({ open, level, onClose }: CostQuotaDialogProps) {
  const [form] = Form.useForm<QuotaValues>();
  const update = useUpdateCostQuota(level?.credit_risk_level_id ?? '');
  if (!level) return null;
  return (
    <FormModal<QuotaValues>
      title={`Cost Quota of ${level.credit_risk_level_name}`}
      okText="Save"
      open={open}
      onClose={onClose}
      form={form}
      initialValues={quotaValues(level.cost_quota.cost_quota_limit)}
      onSubmit={async (values) => {
        await update.mutateAsync({ cost_quota_limit: quotaLimitOf(values) });
        feedback().message.success(BILLING_MESSAGES.saved);
      }}
    >
      <QuotaFields form={form} />
    </FormModal>
  );
}
