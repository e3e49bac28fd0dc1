import { Form } from 'antd';
import Input from 'antd/es/input/Input';
import { validateImageTag } from '@portal/contract';

/** The rule of an image tag field (spec §5: required, no leading or trailing whitespace), with the spec's messages. */
const imageTagRule = {
  validator: async (_rule: unknown, value: unknown) => {
    const message = validateImageTag(typeof value === 'string' ? value : '');
    if (message) throw new Error(message);
  },
};

/**
 * The image modification form's fields (spec §2): one tag input per component, under `tags.<component>`. Used by the
 * cluster image editor and the config center's default image view.
 */
export function ImageTagFields({ components }: { components: readonly { name: string; baseImage: string }[] }) {
  return (
    <>
      {components.map((c) => (
        <Form.Item
          key={c.name}
          name={['tags', c.name]}
          label={`${c.name} (${c.baseImage})`}
          required
          rules={[imageTagRule]}
        >
          <Input aria-label={`${c.name} image tag`} placeholder="image tag, e.g. v8.5.1" />
        </Form.Item>
      ))}
    </>
  );
}
