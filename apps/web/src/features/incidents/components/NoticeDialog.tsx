import { Form, Input } from 'antd';
import { INCIDENT_MESSAGES, INCIDENT_NOTICE_TEXT_MAX, incidentNoticeBody } from '@portal/contract';
import type { Incident } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { Paragraph } from '../../../shared/ui/Typography';
import { useSendIncidentNotice } from '../api';

interface Values {
  text?: string;
}

const textField = incidentNoticeBody.unwrap().shape.text;

/**
 * Send chat notice (POST /{id}/feishu_message): the incident's notice — its id, title, severity, status, commander
 * and link — to the incident chat, with optional words of the sender. It is recorded on the timeline and listed
 * with its delivery status in the Chat notices tab.
 */
export function NoticeDialog({ incident, open, onClose }: { incident: Incident; open: boolean; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const send = useSendIncidentNotice(incident.id);
  return (
    <FormModal<Values>
      title={`Send a chat notice of ${incident.id}`}
      okText="Send"
      open={open}
      onClose={onClose}
      form={form}
      onSubmit={async (values) => {
        const text = values.text?.trim();
        await send.mutateAsync(text ? { text } : {});
        feedback().message.success(INCIDENT_MESSAGES.sent);
      }}
    >
      <Paragraph type="secondary">
        The notice says what the incident is, its severity, status and commander, with a link to this page.
      </Paragraph>
      <Form.Item name="text" label="Message" rules={[schemaRule(textField.unwrap())]}>
        <Input.TextArea
          aria-label="Message"
          rows={3}
          showCount
          maxLength={INCIDENT_NOTICE_TEXT_MAX}
          placeholder="Optional: what the chat should know now"
        />
      </Form.Item>
    </FormModal>
  );
}
