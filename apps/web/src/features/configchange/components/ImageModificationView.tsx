import { useState } from 'react';
import { Button, Flex, Form, Input, Modal, Tag, Tooltip, Typography } from 'antd';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { EditOutlined } from '@ant-design/icons';
import { validateImageTag } from '@portal/contract';
import type { ComponentImage } from '@portal/contract';
import { confirmAction } from '../../../shared/ui/ConfirmButton';

/** Spec §2, verbatim. */
export const IMAGE_CONFIRM_TEXT = 'Are you sure to change these images?';

export interface ImageTagChange {
  component: string;
  image_tag: string;
}

export interface ImageModificationViewProps {
  components: ImageRow[];
  /** New tags not applied yet (the config editor's pending change), shown next to the current tag. */
  pending?: Record<string, string>;
  disabled?: boolean;
  disabledReason?: string;
  /**
   * Runs after the confirmation with the components whose tag changes. Resolve to close the dialogs;
   * reject to keep the form open (the failure is shown by the caller, e.g. the operation-failure dialog).
   */
  onSubmit(changes: ImageTagChange[]): Promise<unknown> | void;
  /** Components whose tag is set back to the current one (the caller may drop them from a pending change). */
  onUnchanged?(components: string[]): void;
  title?: string;
  /** Controls the Modify form from outside (e.g. an Actions menu); uncontrolled when absent. */
  open?: boolean;
  onOpenChange?(open: boolean): void;
}

/** A component image; TiCDC clusters also report the tag of the running version (`source_image_tag`). */
export type ImageRow = ComponentImage & { source_image_tag?: string };

/** The tag a component runs now (the overwrite when there is one, else the version's tag). */
export const currentTag = (c: ComponentImage) => c.effective_image_tag;

/**
 * The version's own tag: reported for TiCDC; for clusters it is the running tag unless an overwrite pins another
 * build.
 */
const sourceTag = (c: ImageRow): string | null =>
  c.source_image_tag ?? (c.overwrite_image_tag === null ? c.effective_image_tag : null);

const columns = (pending: Record<string, string>): DataColumns<ImageRow> => [
  {
    title: 'Component',
    dataIndex: 'name',
    key: 'name',
    render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
  },
  {
    title: 'Base Image',
    dataIndex: 'base_image',
    key: 'base_image',
    render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
  },
  {
    title: 'Source Tag',
    key: 'source',
    render: (_: unknown, c) => {
      const source = sourceTag(c);
      return source !== null ? (
        <Typography.Text code>{source}</Typography.Text>
      ) : (
        <Tooltip title="An overwrite pins another build; the configuration does not report the version's own tag">
          <Typography.Text type="secondary">-</Typography.Text>
        </Tooltip>
      );
    },
  },
  {
    title: 'Current Tag',
    key: 'current',
    render: (_: unknown, c) => (
      <Flex gap={6} align="center" wrap>
        <Typography.Text code>{currentTag(c)}</Typography.Text>
        {c.overwrite_image_tag !== null ? <Tag color="purple">overwrite</Tag> : null}
        {pending[c.name] !== undefined ? <Tag color="gold">{`→ ${pending[c.name]}`}</Tag> : null}
      </Flex>
    ),
  },
];

/**
 * The Image modification view of spec §2: component, base image, source tag and current tag; Modify opens
 * a form with one tag input per component (required, no surrounding whitespace), then asks
 * "Are you sure to change these images?" before handing the changed tags to `onSubmit`.
 */
export function ImageModificationView({
  components,
  pending = {},
  disabled,
  disabledReason,
  onSubmit,
  onUnchanged,
  title = 'Component Images',
  open: controlledOpen,
  onOpenChange,
}: ImageModificationViewProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  const [form] = Form.useForm<{ tags: Record<string, string> }>();

  const submit = async () => {
    let values: { tags: Record<string, string> };
    try {
      values = await form.validateFields();
    } catch (invalid) {
      console.info('Form validation failed; nothing submitted', invalid);
      return;
    }
    const changes = components
      .map((c) => ({ component: c.name, image_tag: values.tags[c.name] ?? currentTag(c), from: currentTag(c) }))
      .filter((c) => c.image_tag !== c.from);
    const unchanged = components
      .filter((c) => (values.tags[c.name] ?? currentTag(c)) === currentTag(c))
      .map((c) => c.name);
    if (!changes.length) {
      if (unchanged.some((name) => pending[name] !== undefined)) {
        // Only pending tags set back to the current ones: drop them.
        onUnchanged?.(unchanged);
        setOpen(false);
        return;
      }
      const first = components[0];
      if (first)
        form.setFields([{ name: ['tags', first.name], errors: ['nothing to change: every tag is the current one'] }]);
      return;
    }
    confirmAction({
      title: IMAGE_CONFIRM_TEXT,
      content: (
        <ul className="plain-list">
          {changes.map((c) => (
            <li key={c.component}>
              {c.component}: <Typography.Text code>{c.from}</Typography.Text> →{' '}
              <Typography.Text code>{c.image_tag}</Typography.Text>
            </li>
          ))}
        </ul>
      ),
      onOk: async () => {
        try {
          await onSubmit(changes.map(({ component, image_tag }) => ({ component, image_tag })));
        } catch {
          // The caller showed the failure; keep the form open to correct it.
          return;
        }
        onUnchanged?.(unchanged);
        setOpen(false);
      },
    });
  };

  return (
    <div aria-label={title}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{title}</Typography.Text>
        <Tooltip title={disabled ? disabledReason : undefined}>
          <Button icon={<EditOutlined />} disabled={disabled || components.length === 0} onClick={() => setOpen(true)}>
            Modify
          </Button>
        </Tooltip>
      </Flex>
      <DataTable<ImageRow>
        aria-label="Images"
        rowKey="name"
        size="small"
        columns={columns(pending)}
        data={components}
      />
      <Modal
        title="Modify the Image"
        open={open}
        okText="Modify"
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        mask={{ closable: false }}
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{
            tags: Object.fromEntries(components.map((c) => [c.name, pending[c.name] ?? currentTag(c)])),
          }}
          onFinish={() => void submit()}
        >
          {components.map((c) => (
            <Form.Item
              key={c.name}
              name={['tags', c.name]}
              label={`${c.name} (${c.base_image})`}
              required
              rules={[
                {
                  validator: async (_rule, value: unknown) => {
                    const message = validateImageTag(typeof value === 'string' ? value : '');
                    if (message) throw new Error(message);
                  },
                },
              ]}
            >
              <Input aria-label={`${c.name} image tag`} placeholder="image tag, e.g. v8.5.1" />
            </Form.Item>
          ))}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </Modal>
    </div>
  );
}
