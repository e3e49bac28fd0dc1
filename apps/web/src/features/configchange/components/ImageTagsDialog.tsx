import { Form, Modal } from 'antd';
import { confirmAction } from '../../../shared/ui/ConfirmButton';
import { ImageTagFields } from '../../../shared/ui/ImageTagFields';
import { currentTag, IMAGE_CONFIRM_TEXT } from './ImageModificationView';
import type { ImageModificationViewProps, ImageRow } from './ImageModificationView';
import { Text } from '../../../shared/ui/Typography';

export interface ImageTagsDialogProps extends Pick<ImageModificationViewProps, 'onSubmit' | 'onUnchanged'> {
  open: boolean;
  components: ImageRow[];
  pending: Record<string, string>;
  onClose(): void;
}

/** The Modify form of the image modification view: one tag per component, then the spec's confirmation. */
export function ImageTagsDialog({ open, components, pending, onClose, onSubmit, onUnchanged }: ImageTagsDialogProps) {
  const setOpen = (next: boolean) => {
    if (!next) onClose();
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
              {c.component}: <Text code>{c.from}</Text> → <Text code>{c.image_tag}</Text>
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
        <ImageTagFields components={components.map((c) => ({ name: c.name, baseImage: c.base_image }))} />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
