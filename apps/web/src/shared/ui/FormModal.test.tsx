import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DatePicker, Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { FormModal } from './FormModal';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4000 });

function Dialog({ onSubmit }: { onSubmit: (v: unknown) => Promise<void> }) {
  const [form] = Form.useForm();
  return (
    <FormModal title="Add" open onClose={() => undefined} form={form} onSubmit={onSubmit}>
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
      <Form.Item name="start" label="Start Date">
        <DatePicker aria-label="Start Date" format="YYYY-MM-DD" />
      </Form.Item>
    </FormModal>
  );
}

describe('FormModal', () => {
  it('submits on Enter in a text field, but Enter in a date picker only commits the typed day', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<Dialog onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Start Date'), '2026-12-01{Enter}');
    // Nothing was sent: the day is in the field, the dialog still open for the other fields.
    await new Promise((r) => setTimeout(r, 300));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Name'), 'plan{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [values] = onSubmit.mock.calls[0] as unknown as [{ name: string; start: { format(f: string): string } }];
    expect(values.name).toBe('plan');
    expect(values.start.format('YYYY-MM-DD')).toBe('2026-12-01');
  });
});
