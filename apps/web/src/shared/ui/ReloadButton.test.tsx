import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RELOAD_DEBOUNCE_MS } from '@portal/contract';
import { ListToolbar } from './ListToolbar';
import { ReloadButton } from './ReloadButton';

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name: new RegExp(`${name}$`) }));
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('ReloadButton (spec §9: reload button 200 ms)', () => {
  it('is 200 ms', () => {
    expect(RELOAD_DEBOUNCE_MS).toBe(200);
  });

  it('reloads at once on a click, and once for a burst of clicks', () => {
    vi.useFakeTimers();
    const onReload = vi.fn();
    render(<ReloadButton onReload={onReload}>Refresh</ReloadButton>);
    click('Refresh');
    expect(onReload).toHaveBeenCalledTimes(1);
    click('Refresh');
    wait(150);
    click('Refresh');
    // Each click restarts the quiet period: 150 ms after the last one is still inside it.
    wait(150);
    click('Refresh');
    expect(onReload).toHaveBeenCalledTimes(1);
    wait(RELOAD_DEBOUNCE_MS);
    click('Refresh');
    expect(onReload).toHaveBeenCalledTimes(2);
  });

  it('is the list toolbar Reload button when the list offers one', () => {
    vi.useFakeTimers();
    const onReload = vi.fn();
    const { rerender } = render(
      <ListToolbar filtered={false} onReset={() => undefined}>
        <span>filters</span>
      </ListToolbar>,
    );
    expect(screen.queryByRole('button', { name: /Reload/ })).not.toBeInTheDocument();
    rerender(
      <ListToolbar filtered={false} onReset={() => undefined} onReload={onReload}>
        <span>filters</span>
      </ListToolbar>,
    );
    click('Reload');
    click('Reload');
    expect(onReload).toHaveBeenCalledTimes(1);
    wait(RELOAD_DEBOUNCE_MS);
    click('Reload');
    expect(onReload).toHaveBeenCalledTimes(2);
  });
});
