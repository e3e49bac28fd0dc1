import { DatePicker, Form, Input } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import {
  createIncidentTodoBody,
  INCIDENT_MESSAGES,
  INCIDENT_TODO_TITLE_MAX,
  updateIncidentTodoBody,
} from '@portal/contract';
import type { IncidentTodo, UpdateIncidentTodoBody } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { useSaveIncidentTodo } from '../api';

interface Values {
  title: string;
  owner?: string;
  due_date?: Dayjs | null;
  tracker_issue_key?: string;
}

const fields = createIncidentTodoBody.shape;
const trackerKey = updateIncidentTodoBody.shape.tracker_issue_key;
/** Empty unlinks (sent as null); anything else must be an issue key, as the server checks it. */
const trackerKeyRule = schemaRule({ safeParse: (value) => trackerKey.safeParse(String(value).trim() || null) });
const DAY = 'YYYY-MM-DD';

export interface TodoDialogProps {
  open: boolean;
  onClose(): void;
  incidentId: string;
  /** The todo to edit; a new one without it. */
  todo?: IncidentTodo;
}

/**
 * Add / edit a post-mortem todo action: what to do, its owner (a portal user's email), a due day (UTC) and, when
 * editing, the tracker issue that tracks it (link an existing one by key, or clear it to unlink).
 */
export function TodoDialog({ open, onClose, incidentId, todo }: TodoDialogProps) {
  const [form] = Form.useForm<Values>();
  const save = useSaveIncidentTodo(incidentId);
  return (
    <FormModal<Values>
      title={todo ? 'Edit todo action' : 'Add todo action'}
      okText={todo ? 'Save' : 'Add'}
      open={open}
      onClose={onClose}
      form={form}
      initialValues={{
        title: todo?.title ?? '',
        owner: todo?.owner ?? '',
        due_date: todo?.due_date ? dayjs(todo.due_date) : null,
        tracker_issue_key: todo?.tracker_issue_key ?? '',
      }}
      onSubmit={async (values) => {
        const body: UpdateIncidentTodoBody = {
          title: values.title.trim(),
          owner: (values.owner ?? '').trim() || null,
          due_date: values.due_date ? values.due_date.format(DAY) : null,
        };
        if (todo) {
          const key = (values.tracker_issue_key ?? '').trim().toUpperCase() || null;
          if (key !== todo.tracker_issue_key) body.tracker_issue_key = key;
        }
        await save.mutateAsync({ todoId: todo?.id, body: { ...body, title: body.title! } });
        feedback().message.success(todo ? INCIDENT_MESSAGES.saved : INCIDENT_MESSAGES.created);
      }}
    >
      <Form.Item name="title" label="Title" required rules={[schemaRule(fields.title)]}>
        <Input
          aria-label="Title"
          maxLength={INCIDENT_TODO_TITLE_MAX}
          autoComplete="off"
          placeholder="What should be done so it does not happen again"
        />
      </Form.Item>
      <Form.Item name="owner" label="Owner" rules={[schemaRule(fields.owner)]}>
        <Input aria-label="Owner" type="email" autoComplete="off" placeholder="name@example.com" />
      </Form.Item>
      <Form.Item name="due_date" label="Due Date (UTC)">
        <DatePicker aria-label="Due date" format={DAY} style={{ width: '100%' }} />
      </Form.Item>
      {todo ? (
        <Form.Item
          name="tracker_issue_key"
          label="Tracker Issue"
          rules={[trackerKeyRule]}
          extra="Link an existing issue by its key (e.g. OPS-123); empty unlinks it. Sync creates one when none is linked."
        >
          <Input aria-label="Tracker issue" autoComplete="off" placeholder="OPS-123" />
        </Form.Item>
      ) : null}
    </FormModal>
  );
}
