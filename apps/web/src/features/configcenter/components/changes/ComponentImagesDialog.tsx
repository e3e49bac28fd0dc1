import { Form, Modal } from 'antd';
import { CONFIG_CENTER_MESSAGES } from '@portal/contract';
import type { ClusterType } from '@portal/contract';
import { feedback } from '../../../../shared/lib/feedback';
import { confirmAction } from '../../../../shared/ui/ConfirmButton';
import { ImageTagFields } from '../../../../shared/ui/ImageTagFields';
import { Paragraph, Text } from '../../../../shared/ui/Typography';
import { useBatchUpdateComponents } from '../../api/changes';
import type { ComponentImageRow } from '../../api/changes';

export const NOTHING_TO_CHANGE = 'nothing to change: every tag is the current one';

export interface ComponentImagesDialogProps {
  open: boolean;
  changeId: string;
  clusterType: ClusterType;
  version: string;
  rows: ComponentImageRow[];
  onClose(): void;
}

/**
 * The Modify form of the image modification view (spec §2): one tag input per component (required, no surrounding
 * whitespace), then "Are you sure to change these images?", then the batch update of the changed components.
 */
export function ComponentImagesDialog({
  open,
  changeId,
  clusterType,
  version,
  rows,
  onClose,
}: ComponentImagesDialogProps) {
  const [form] = Form.useForm<{ tags: Record<string, string> }>();
  const update = useBatchUpdateComponents(changeId);

  const submit = async () => {
    let values: { tags: Record<string, string> };
    try {
      values = await form.validateFields();
    } catch (invalid) {
      console.info('Form validation failed; nothing submitted', invalid);
      return;
    }
    const changes = rows
      .map((r) => ({ row: r, tag: values.tags[r.component] ?? r.current_tag }))
      .filter(({ row, tag }) => tag !== row.current_tag);
    if (!changes.length) {
      const first = rows[0];
      if (first) form.setFields([{ name: ['tags', first.component], errors: [NOTHING_TO_CHANGE] }]);
      return;
    }
    confirmAction({
      title: CONFIG_CENTER_MESSAGES.imagesConfirm,
      content: (
        <ul className="cc-plain-list">
          {changes.map(({ row, tag }) => (
            <li key={row.component}>
              {row.component}: <Text code>{row.current_tag}</Text> → <Text code>{tag}</Text>
            </li>
          ))}
        </ul>
      ),
      okText: 'Change',
      onOk: async () => {
        try {
          await update.mutateAsync({
            clusterType,
            version,
            changes: changes.map(({ row, tag }) => ({
              component: row.component,
              base_image: row.base_image,
              image_tag: tag,
            })),
          });
        } catch {
          return; // the operation-failure dialog shows why; the form stays open
        }
        feedback().message.success(CONFIG_CENTER_MESSAGES.imagesChanged);
        onClose();
      },
    });
  };

  return (
    <Modal
      title="Modify the Images"
      open={open}
      okText="Modify"
      confirmLoading={update.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Paragraph type="secondary">{`${clusterType} ${version}: the tag each component's default image takes.`}</Paragraph>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ tags: Object.fromEntries(rows.map((r) => [r.component, r.current_tag])) }}
        onFinish={() => void submit()}
      >
        <ImageTagFields components={rows.map((r) => ({ name: r.component, baseImage: r.base_image }))} />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
