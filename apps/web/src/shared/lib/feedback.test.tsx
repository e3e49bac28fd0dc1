import { screen, waitFor } from '@testing-library/react';
import { message, notification } from 'antd';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { feedback } from './feedback';

afterEach(async () => {
  message.destroy();
  notification.destroy();
  await new Promise((r) => setTimeout(r, 0));
});

// antd's static toasts render in a React root of their own and close on a 3 s timer: let that render happen while the
// test environment still exists (else React's scheduler runs it after teardown: "window is not defined").
afterAll(() => new Promise((r) => setTimeout(r, 3500)));

describe('feedback()', () => {
  it('runs the calls made before the toasts have loaded once they have, in order', async () => {
    renderWithProviders(<p>page</p>);
    await screen.findByText('page');
    feedback().notification.error({ key: 'gone', title: 'Withdrawn notice' });
    feedback().notification.destroy('gone');
    feedback().message.success('Saved');
    feedback().notification.error({ title: 'Kept notice' });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(await screen.findByText('Kept notice')).toBeInTheDocument();
    expect(screen.queryByText('Withdrawn notice')).not.toBeInTheDocument();
  });

  it('shows toasts in the app context: theme prefix and holder inside the app', async () => {
    renderWithProviders(<p>page</p>);
    await screen.findByText('page');
    feedback().message.success('First');
    expect(await screen.findByText('First')).toBeInTheDocument();
    // Once loaded, a toast shows without waiting for anything.
    // It answers nothing (not antd's thenable, which settles only as the toast fades out 3 s later and so held a
    // confirmation whose onOk returned it open that long).
    expect(feedback().message.info('Second')).toBeUndefined();
    await waitFor(() => expect(screen.getByText('Second')).toBeInTheDocument());
  });

  it("falls back to antd's static toasts with no bridge mounted", async () => {
    feedback().message.warning('Outside the app');
    expect(await screen.findByText('Outside the app')).toBeInTheDocument();
  });
});
