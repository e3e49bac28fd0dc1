import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LabelTag, labelStyle } from './tags';

describe('label tags', () => {
  it('print a label on its colour with a text colour that reads on it', () => {
    // Pale colours take dark text, dark ones white (a pale colour as text on white was unreadable).
    expect(labelStyle('a2eeef')).toEqual({ background: '#a2eeef', borderColor: '#a2eeef', color: '#1f2328' });
    expect(labelStyle('0e8a16')).toEqual({ background: '#0e8a16', borderColor: '#0e8a16', color: '#fff' });
    expect(labelStyle('FBCA04')?.color).toBe('#1f2328');
    expect(labelStyle('not-a-colour')).toBeUndefined();
    expect(labelStyle(undefined)).toBeUndefined();
  });

  it('colours a known label and leaves an unknown one plain', () => {
    const labels = [{ name: 'enhancement', color: 'a2eeef', description: 'New feature or request' }];
    render(
      <>
        <LabelTag name="enhancement" labels={labels} />
        <LabelTag name="operator" labels={labels} />
      </>,
    );
    const known = screen.getByText('enhancement');
    expect(known).toHaveStyle({ color: '#1f2328', backgroundColor: '#a2eeef' });
    expect(known).toHaveAttribute('title', 'New feature or request');
    expect(screen.getByText('operator').getAttribute('style') ?? '').not.toContain('background');
  });
});
