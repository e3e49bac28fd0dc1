import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { feedback } from '../shared/lib/feedback';
import { renderWithProviders } from '../test/render';

// The toasts' chunk is gone (a new deploy replaced it).
vi.mock('./ToastHolder', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('feedback bridge', () => {
  it('leaves the page alone when the toasts cannot load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<p>page</p>);
    await screen.findByText('page');
    feedback().message.success('Saved');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('The toasts could not be loaded:', expect.anything()));
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load this page')).not.toBeInTheDocument();
  });
});
