import { Button, Flex, Form, Input } from 'antd';
import type { FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ADVERTISING_BODY_MAX,
  ADVERTISING_HEADING_MAX,
  advertisingArrField,
  advertisingItemField,
} from '@portal/contract';
import { schemaRule } from '../../../shared/lib/formRules';

const item = advertisingItemField.shape;

/**
 * The MSP's advertising texts (spec §3 advertising_arr, §5, §9): at most 4 paragraphs ("No more than 4 paragraph"),
 * each a heading (required, "Missing heading"; at most 40 characters) and a body (required, "Missing body"; at most
 * 200 characters). Checked with the contract's rules, as the server checks them.
 */
export function AdvertisingField({ form }: { form: FormInstance }) {
  // After the list has changed (the next task: the list's own field reads the new value by then).
  const revalidate = () => setTimeout(() => void form.validateFields([['advertising_arr']]).catch(() => undefined));
  return (
    <Form.List
      name="advertising_arr"
      rules={[
        {
          validator: async (_rule, items: unknown[] | undefined) => {
            const result = advertisingArrField.safeParse((items ?? []).map(() => ({ heading: 'x', body: 'x' })));
            if (!result.success) throw new Error(result.error.issues[0]?.message);
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <div role="group" aria-label="Advertising">
          <div className="ant-form-item-label">
            <label>Advertising</label>
          </div>
          {fields.map((field, index) => (
            <Flex key={field.key} gap={8} align="start">
              <Form.Item name={[field.name, 'heading']} rules={[schemaRule(item.heading)]} style={{ flex: 2 }}>
                <Input
                  aria-label={`Heading ${index + 1}`}
                  placeholder="Heading"
                  count={{ show: true, max: ADVERTISING_HEADING_MAX }}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'body']} rules={[schemaRule(item.body)]} style={{ flex: 3 }}>
                <Input.TextArea
                  aria-label={`Body ${index + 1}`}
                  placeholder="Body"
                  rows={2}
                  count={{ show: true, max: ADVERTISING_BODY_MAX }}
                />
              </Form.Item>
              <Button
                aria-label={`Remove paragraph ${index + 1}`}
                icon={<DeleteOutlined />}
                onClick={() => {
                  remove(field.name);
                  revalidate();
                }}
              />
            </Flex>
          ))}
          <Button
            icon={<PlusOutlined />}
            onClick={() => {
              add({ heading: '', body: '' });
              // Says at once when this was one paragraph too many.
              revalidate();
            }}
          >
            Add Paragraph
          </Button>
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}
