import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TabSet } from './TabSet';

const items = [
  { key: 'a', label: 'Alpha', children: <input aria-label="alpha field" /> },
  { key: 'b', label: 'Beta', children: <p>beta content</p> },
  { key: 'c', label: 'Gamma', children: <p>gamma content</p> },
];

function Controlled({ destroyOnHidden }: { destroyOnHidden?: boolean }) {
  const [key, setKey] = useState('a');
  return (
    <TabSet aria-label="Sections" items={items} activeKey={key} onChange={setKey} destroyOnHidden={destroyOnHidden} />
  );
}

describe('TabSet', () => {
  it('shows the active tab’s panel, labelled by its tab, and switches on click', () => {
    render(<Controlled />);
    const alpha = screen.getByRole('tab', { name: 'Alpha' });
    expect(alpha).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Alpha' })).toContainElement(screen.getByLabelText('alpha field'));
    expect(screen.queryByText('beta content')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Beta' }));
    expect(screen.getByRole('tab', { name: 'Beta' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Beta' })).toHaveTextContent('beta content');
    // A visited tab stays mounted (its input keeps what was typed), hidden.
    expect(screen.getByLabelText('alpha field').closest('[role=tabpanel]')).toHaveAttribute('hidden');
  });

  it('unmounts hidden tabs with destroyOnHidden', () => {
    render(<Controlled destroyOnHidden />);
    fireEvent.click(screen.getByRole('tab', { name: 'Beta' }));
    expect(screen.queryByLabelText('alpha field')).not.toBeInTheDocument();
  });

  it('moves with the arrow keys, Home and End, wrapping, with one tab in the tab order', () => {
    render(<Controlled />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('Alpha')).toHaveAttribute('tabindex', '0');
    expect(tab('Beta')).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowLeft' });
    expect(tab('Gamma')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Gamma')).toHaveFocus();
    fireEvent.keyDown(tab('Gamma'), { key: 'ArrowRight' });
    expect(tab('Alpha')).toHaveFocus();
    fireEvent.keyDown(tab('Alpha'), { key: 'End' });
    expect(tab('Gamma')).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tab('Gamma'), { key: 'Home' });
    expect(tab('Alpha')).toHaveAttribute('aria-selected', 'true');
  });

  it('falls back to the first tab for an unknown active key', () => {
    render(<TabSet items={items} activeKey="nope" />);
    expect(screen.getByRole('tab', { name: 'Alpha' })).toHaveAttribute('aria-selected', 'true');
  });
});
