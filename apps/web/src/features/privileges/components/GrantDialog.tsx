import { useMemo } from 'react';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import {
  GRANT_MESSAGES as M,
  GRANT_REASON_MAX,
  GRANT_REASON_MIN,
  PRIVILEGE_AREAS,
  PRIVILEGE_CATALOGUE,
  privilegeArea,
  settingsApi,
  SYSTEM_SETTING_DEFAULTS,
  usersApi,
} from '@portal/contract';
import type { GrantDetail } from '@portal/contract';
import { useProfile } from '../../../shared/api/profile';
import { useCan } from '../../../shared/lib/useCan';
import { FormModal } from '../../../shared/ui/FormModal';
import { Paragraph, Text } from '../../../shared/ui/Typography';
import { useCreateGrant, useGrantableUsers, useMaxGrantDays } from '../api';

interface GrantValues {
  user_email: string;
  privilege: string;
  reason: string;
  expires_at: Dayjs;
}

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';
/*
 * The picker shows and takes UTC (like every time in the console): its value holds the UTC wall-clock time as if it
 * were local, and is read back as that UTC time.
 */
const toPicker = (ms: number) => dayjs(new Date(ms).toISOString().slice(0, 16));
const fromPicker = (value: Dayjs) => `${value.format('YYYY-MM-DDTHH:mm')}:00Z`;
const DAY = 86_400_000;

/** The catalogue grouped by area, each option with its description. */
function privilegeOptions() {
  const groups = new Map<string, { label: string; value: string; description: string }[]>();
  for (const p of PRIVILEGE_CATALOGUE) {
    const area = privilegeArea(p.name);
    const list = groups.get(area) ?? [];
    list.push({ label: p.name, value: p.name, description: p.description });
    groups.set(area, list);
  }
  return [...groups].map(([area, options]) => ({
    label: PRIVILEGE_AREAS[area as keyof typeof PRIVILEGE_AREAS] ?? area,
    title: area,
    options,
  }));
}

export interface GrantDialogProps {
  open: boolean;
  onClose(): void;
  onDone?(grant: GrantDetail): void;
}

/**
 * Grant privilege: who (an enabled portal user, never oneself), what (a privilege of the catalogue, grouped by area
 * with its description), why (10 to 500 characters) and until when (in the future, at most the system setting
 * `privilege_grant_max_days` ahead). It starts pending: another administrator approves it.
 */
export function GrantDialog({ open, onClose, onDone }: GrantDialogProps) {
  const [form] = Form.useForm<GrantValues>();
  const can = useCan();
  const me = useProfile().profile?.email;
  const users = useGrantableUsers(open && can(usersApi.list));
  const maxDays =
    useMaxGrantDays(open && can(settingsApi.get)).data ?? SYSTEM_SETTING_DEFAULTS.privilege_grant_max_days;
  const create = useCreateGrant();
  const options = useMemo(privilegeOptions, []);
  const now = Date.now();
  const first = toPicker(now + 60_000);
  const last = toPicker(now + maxDays * DAY);

  return (
    <FormModal<GrantValues>
      title="Grant privilege"
      okText="Request grant"
      open={open}
      onClose={onClose}
      form={form}
      width={600}
      initialValues={{ expires_at: toPicker(now + DAY) }}
      onSubmit={(v) =>
        create
          .mutateAsync({
            user_email: v.user_email,
            privilege: v.privilege as never,
            reason: v.reason.trim(),
            expires_at: fromPicker(v.expires_at),
          })
          .then((grant) => {
            form.resetFields();
            onDone?.(grant);
          })
      }
    >
      <Paragraph type="secondary">
        The grant waits for another administrator&apos;s approval; it ends by itself at the chosen time (UTC).
      </Paragraph>
      <Form.Item
        name="user_email"
        label="User"
        rules={[
          { required: true, message: M.userRequired },
          { validator: (_, v) => (v && v === me ? Promise.reject(new Error(M.selfGrant)) : Promise.resolve()) },
        ]}
      >
        {can(usersApi.list) ? (
          <Select
            aria-label="User"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Select a portal user"
            loading={users.isLoading}
            options={(users.data ?? []).map((u) => ({
              value: u.email,
              label: `${u.name} <${u.email}>`,
              disabled: u.email === me,
            }))}
          />
        ) : (
          <Input aria-label="User" placeholder="The user's email" />
        )}
      </Form.Item>
      <Form.Item name="privilege" label="Privilege" rules={[{ required: true, message: M.privilegeRequired }]}>
        <Select
          aria-label="Privilege"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select a privilege"
          options={options}
          optionRender={(o) => (
            <div>
              <Text strong>{String(o.value)}</Text>
              <br />
              <Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
                {(o.data as { description?: string }).description}
              </Text>
            </div>
          )}
        />
      </Form.Item>
      <Form.Item
        name="reason"
        label="Reason"
        rules={[
          { required: true, whitespace: true, message: M.reasonRequired },
          { min: GRANT_REASON_MIN, message: M.reasonTooShort, transform: (v: string) => v?.trim() },
          { max: GRANT_REASON_MAX, message: M.reasonTooLong },
        ]}
      >
        <Input.TextArea
          aria-label="Reason"
          autoSize={{ minRows: 2, maxRows: 6 }}
          showCount
          maxLength={GRANT_REASON_MAX}
          placeholder="Why the user needs it, e.g. a ticket"
        />
      </Form.Item>
      <Form.Item
        name="expires_at"
        label="Until (UTC)"
        extra={`At most ${maxDays} days ahead.`}
        rules={[
          { required: true, message: M.untilRequired },
          {
            validator: (_, v: Dayjs | undefined) => {
              if (!v) return Promise.resolve();
              const at = Date.parse(fromPicker(v));
              if (at <= Date.now()) return Promise.reject(new Error(M.untilPast));
              if (at > Date.now() + maxDays * DAY) return Promise.reject(new Error(M.untilTooFar(maxDays)));
              return Promise.resolve();
            },
          },
        ]}
      >
        <DatePicker
          aria-label="Until"
          showTime={{ format: 'HH:mm' }}
          format={TIME_FORMAT}
          style={{ width: '100%' }}
          disabledDate={(d) => d.isBefore(first, 'day') || d.isAfter(last, 'day')}
        />
      </Form.Item>
    </FormModal>
  );
}
