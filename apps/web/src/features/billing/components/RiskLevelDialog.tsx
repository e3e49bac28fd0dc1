import { Form, Input } from 'antd';
import { BILLING_MESSAGES, createRiskLevelBody } from '@portal/contract';
import type { CreditRiskLevel } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { useCreateRiskLevel, useUpdateRiskLevel } from '../api/risk';
import { QuotaFields, quotaLimitOf } from './QuotaFields';
import type { QuotaValues } from './QuotaFields';

type Values = QuotaValues & { name?: string; description?: string };

export interface RiskLevelDialogProps {
  open: boolean;
  /** The level to edit (name and description); a new one when null. */
  level: CreditRiskLevel | null;
  onClose(): void;
}

/** Create a credit risk level (name, description, cost quota) or rename one (§5: the name is required). */
export function RiskLevelDialog({ open, level, onClose }: RiskLevelDialogProps) {
  const [form] = Form.useForm<Values>();
  const create = useCreateRiskLevel();
  const update = useUpdateRiskLevel(level?.credit_risk_level_id ?? '');
  return (
    <FormModal<Values>
      title={level ? `Edit Risk Level ${level.credit_risk_level_name}` : 'Create Risk Level'}
      okText={level ? 'Save' : 'Create'}
      open={open}
      onClose={onClose}
      form={form}
      initialValues={
        level
          ? { name: level.credit_risk_level_name, description: level.description }
          : { name: '', description: '', unlimited: false, limit: null }
      }
      onSubmit={async (values) => {
        const common = { credit_risk_level_name: values.name ?? '', description: values.description ?? '' };
        if (level) {
          await update.mutateAsync(common);
          feedback().message.success(BILLING_MESSAGES.saved);
        } else {
          await create.mutateAsync({ ...common, cost_quota: { cost_quota_limit: quotaLimitOf(values) } });
          feedback().message.success(BILLING_MESSAGES.created);
        }
      }}
    >
      <Form.Item
        name="name"
        label="Name"
        required
        rules={[schemaRule(createRiskLevelBody.shape.credit_risk_level_name)]}
      >
        <Input aria-label="Name" />
      </Form.Item>
      <Form.Item name="description" label="Description">
        <Input.TextArea aria-label="Description" rows={2} maxLength={256} />
      </Form.Item>
      {level ? null : <QuotaFields form={form} />}
    </FormModal>
  );
}
