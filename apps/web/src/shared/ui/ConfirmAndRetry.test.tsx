import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ConfirmationDetails } from '@portal/contract';
import { ApiError } from '../lib/ApiError';
import { renderWithProviders } from '../../test/render';
import { useConfirmAndRetry } from './ConfirmAndRetry';
import type { ReactNode } from 'react';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4000 });

const asked: ConfirmationDetails = {
  subject: 'pd-ctl config set leader-schedule-limit 8',
  description: 'Changes a PD scheduling setting.',
  changes: [
    { path: 'pd.schedule.leader-schedule-limit', current: '4', desired: '8' },
    { path: 'components.TIDB.image_tag', current: null, desired: 'v8.5.1' },
  ],
  resend_with: { confirm: true },
};
const confirmationRequired = (details: unknown = asked) =>
  new ApiError({
    status: 409,
    code: 'confirmation.required',
    message: 'Change cluster orders-prod?',
    details,
    method: 'POST',
    url: '/x',
  });

function Harness(props: {
  send: (confirm: boolean) => Promise<string>;
  askFirst?: ReactNode;
  onSuccess: (out: string) => void;
  onError: (error: unknown) => void;
}) {
  const run = useConfirmAndRetry();
  return (
    <button type="button" onClick={() => void run({ ...props, title: 'Go ahead?', okText: 'Do it' })}>
      Send
    </button>
  );
}

function setup(send: (confirm: boolean) => Promise<string>, askFirst?: ReactNode) {
  const onSuccess = vi.fn();
  const onError = vi.fn();
  const spy = vi.fn(send);
  renderWithProviders(<Harness send={spy} askFirst={askFirst} onSuccess={onSuccess} onError={onError} />);
  return { send: spy, onSuccess, onError };
}

const dialog = () => screen.findByRole('dialog');

describe('useConfirmAndRetry', () => {
  it('sends once, unconfirmed, when the server does not ask', async () => {
    const { send, onSuccess, onError } = setup(async () => 'done');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('done'));
    expect(send.mock.calls).toEqual([[false]]);
    expect(onError).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows what the server asks to confirm, and sends again confirmed on OK', async () => {
    const { send, onSuccess } = setup(async (confirm) => {
      if (!confirm) throw confirmationRequired();
      return 'done';
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const d = await dialog();
    expect(d).toHaveTextContent('Go ahead?');
    expect(d).toHaveTextContent('Change cluster orders-prod?');
    expect(d).toHaveTextContent('pd-ctl config set leader-schedule-limit 8');
    expect(d).toHaveTextContent('Changes a PD scheduling setting.');
    expect(within(d).getByRole('list', { name: 'Changes' })).toHaveTextContent(
      'pd.schedule.leader-schedule-limit: 4 → 8components.TIDB.image_tag: (none) → v8.5.1',
    );
    expect(send.mock.calls).toEqual([[false]]);
    await userEvent.click(within(d).getByRole('button', { name: 'Do it' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('done'));
    expect(send.mock.calls).toEqual([[false], [true]]);
  });

  it('sends nothing more when the dialog is cancelled', async () => {
    const { send, onSuccess, onError } = setup(async () => {
      throw confirmationRequired();
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(send.mock.calls).toEqual([[false]]);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('passes a failure of the confirmed send to onError', async () => {
    const refused = new ApiError({ status: 400, code: 'ctl.invalidArgs', message: 'no', method: 'POST', url: '/x' });
    const { send, onError } = setup(async (confirm) => {
      throw confirm ? refused : confirmationRequired({ subject: 'x' });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Do it' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(refused));
    expect(send.mock.calls).toEqual([[false], [true]]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('passes any other failure to onError without asking', async () => {
    const refused = new ApiError({ status: 409, code: 'conflict', message: 'no', method: 'POST', url: '/x' });
    const { send, onError } = setup(async () => {
      throw refused;
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(refused));
    expect(send.mock.calls).toEqual([[false]]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks first when the page knows, then sends confirmed once', async () => {
    const { send, onSuccess } = setup(async () => 'done', <span>pd-ctl scheduler remove x</span>);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const d = await dialog();
    expect(d).toHaveTextContent('pd-ctl scheduler remove x');
    expect(send).not.toHaveBeenCalled();
    await userEvent.click(within(d).getByRole('button', { name: 'Do it' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('done'));
    expect(send.mock.calls).toEqual([[true]]);
  });
});
