import { Form, Input } from 'antd';
import { addChatBody, USERBEHAVIOR_CHAT_NAME_MAX, USERBEHAVIOR_MESSAGES } from '@portal/contract';
import type { AddChatBody, LarkChat } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { Text } from '../../../shared/ui/Typography';
import { useAddChat, useChats } from '../api';

const fields = addChatBody.shape;

export interface AddChatDialogProps {
  open: boolean;
  onClose(): void;
  /** After the chat was registered (e.g. to choose it in the subscription form). */
  onAdded?(chat: LarkChat): void;
}

/**
 * Add chat: registers a Lark/Feishu group by its name and its custom bot's incoming-webhook URL (https). The URL is
 * kept by the server and only ever shown masked; the chats already registered are listed for reference.
 */
export function AddChatDialog({ open, onClose, onAdded }: AddChatDialogProps) {
  const [form] = Form.useForm<AddChatBody>();
  const add = useAddChat();
  const chats = useChats(open).data ?? [];
  return (
    <FormModal<AddChatBody>
      title="Add chat"
      okText="Add"
      open={open}
      onClose={onClose}
      form={form}
      onSubmit={async (values) => {
        const chat = await add.mutateAsync({ name: values.name.trim(), webhook_url: values.webhook_url.trim() });
        feedback().message.success(USERBEHAVIOR_MESSAGES.created);
        onAdded?.(chat);
      }}
    >
      <Form.Item name="name" label="Chat name" required rules={[schemaRule(fields.name)]}>
        <Input placeholder="#growth-alerts" maxLength={USERBEHAVIOR_CHAT_NAME_MAX} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="webhook_url"
        label="Incoming webhook URL"
        required
        rules={[schemaRule(fields.webhook_url)]}
        extra="The group's custom bot webhook (Lark/Feishu: Settings → Bots → Custom Bot). Kept secret: shown masked."
      >
        <Input placeholder="https://open.feishu.cn/open-apis/bot/v2/hook/…" autoComplete="off" />
      </Form.Item>
      {chats.length ? <Text type="secondary">Registered: {chats.map((c) => c.name).join(', ')}</Text> : null}
    </FormModal>
  );
}
