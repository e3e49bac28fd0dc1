import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Paragraph, Text, TextLink, Title } from './Typography';

describe('Typography', () => {
  it('renders tones, code, strong and deleted text with their elements', () => {
    render(
      <>
        <Text type="secondary">quiet</Text>
        <Text code>v8.5.1</Text>
        <Text strong delete>
          gone
        </Text>
        <Title level={4}>Heading</Title>
        <Paragraph type="danger">para</Paragraph>
      </>,
    );
    expect(screen.getByText('quiet')).toHaveClass('tx-secondary');
    expect(screen.getByText('v8.5.1').tagName).toBe('CODE');
    expect(screen.getByText('gone').closest('del')).not.toBeNull();
    expect(screen.getByText('gone').closest('strong')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 4, name: 'Heading' })).toHaveClass('tx-h4');
    expect(screen.getByText('para')).toHaveClass('tx-danger');
  });

  it('cuts a text with an ellipsis and keeps the whole text as its title', () => {
    render(
      <Text ellipsis={{ tooltip: 'a-very-long-address@example.com' }} style={{ maxWidth: 80 }}>
        a-very-long-address@example.com
      </Text>,
    );
    const text = screen.getByText('a-very-long-address@example.com');
    expect(text).toHaveClass('tx-ellipsis');
    expect(text).toHaveAttribute('title', 'a-very-long-address@example.com');
  });

  it('copies the given text (or the text shown) and confirms it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <>
        <Text copyable>10086</Text>
        <Text copyable={{ text: 'full@example.com' }}>full@…</Text>
      </>,
    );
    const [first, second] = screen.getAllByRole('button', { name: 'Copy' });
    await act(async () => fireEvent.click(first!));
    expect(writeText).toHaveBeenLastCalledWith('10086');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await act(async () => fireEvent.click(second!));
    expect(writeText).toHaveBeenLastCalledWith('full@example.com');
  });

  it('renders a link action as a button unless it has an href', () => {
    const onClick = vi.fn();
    render(
      <>
        <TextLink onClick={onClick}>use example</TextLink>
        <TextLink href="/manual.html">manual</TextLink>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'use example' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'manual' })).toHaveAttribute('href', '/manual.html');
  });
});
