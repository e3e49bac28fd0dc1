import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PARAM_MESSAGES } from '@portal/contract';
import type { ConfigParameter, ParamType } from '@portal/contract';
import { renderWithProviders } from '../../../test/render';
import { parameter } from '../testing';
import { ParameterEditModal } from './ParameterEditModal';

vi.setConfig({ testTimeout: 60_000 });

function open(p: ConfigParameter) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<ParameterEditModal parameter={p} onSave={onSave} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: `Edit ${p.name}` });
  return { dialog, onSave, onClose };
}

const typed = (type: ParamType, extra: Partial<ConfigParameter> = {}) =>
  parameter({
    name: `p.${type}`,
    value: '',
    attribute: { default_value: '', type, apply_policy: 'HotReload' },
    ...extra,
  });

async function expectMessage(dialog: HTMLElement, value: string, message: string) {
  fireEvent.change(within(dialog).getByLabelText('New value'), { target: { value } });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  // The message node re-renders on each validation: retry the whole lookup.
  await waitFor(() => expect(within(dialog).getByText(message)).toBeInTheDocument());
}

describe('parameter edit dialog (spec §5 messages, verbatim)', () => {
  it('int: required, whitespace, int, minimum and maximum — then accepts a valid value', async () => {
    const { dialog, onSave } = open(typed('int', { validation: { minimum: 1, maximum: 64 } }));
    expect(within(dialog).getByLabelText('New value')).toHaveAttribute(
      'placeholder',
      expect.stringContaining('long integers are not supported'),
    );
    await expectMessage(dialog, '', 'new int value is required');
    await expectMessage(dialog, ' 8', 'please delete the whitespaces in the head and tail');
    await expectMessage(dialog, '8.5', 'the input should be an int');
    await expectMessage(dialog, '9007199254740993', 'the input should be an int');
    await expectMessage(dialog, '0', PARAM_MESSAGES.minimum(1));
    await expectMessage(dialog, '65', PARAM_MESSAGES.maximum(64));
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('New value'), { target: { value: '16' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith({
      actionType: 'set',
      configType: 'tidb',
      name: 'p.int',
      value: '16',
      type: 'int',
    });
  });

  it('float', async () => {
    const { dialog, onSave } = open(typed('float'));
    await expectMessage(dialog, '', 'new float value is required');
    await expectMessage(dialog, 'abc', 'the input should be float');
    fireEvent.change(within(dialog).getByLabelText('New value'), { target: { value: '0.75' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ value: '0.75', type: 'float' })));
  });

  it('json', async () => {
    const { dialog, onSave } = open(typed('json'));
    await expectMessage(dialog, '{"zone":', 'the input should be json format');
    fireEvent.change(within(dialog).getByLabelText('New value'), { target: { value: '{"zone":"a"}' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ value: '{"zone":"a"}', type: 'json' })),
    );
  });

  it('string: enum and pattern rules', async () => {
    const { dialog } = open(typed('string', { validation: { enum: ['debug', 'info'] } }));
    await expectMessage(dialog, 'verbose', PARAM_MESSAGES.enum(['debug', 'info']));
    await expectMessage(dialog, '', 'new string value is required');
  });

  it('string: pattern', async () => {
    const { dialog, onSave } = open(typed('string', { validation: { pattern: '^[0-9]+(ms|s|m)$' } }));
    await expectMessage(dialog, '5 minutes', PARAM_MESSAGES.pattern('^[0-9]+(ms|s|m)$'));
    fireEvent.change(within(dialog).getByLabelText('New value'), { target: { value: '5m' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
  });

  it('bool is chosen as true or false', async () => {
    const { dialog, onSave } = open(typed('bool'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('new bool value is required')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'New value' }));
    await userEvent.click(await screen.findByTitle('false'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ actionType: 'set', value: 'false', type: 'bool' })),
    );
  });

  it('unset reverts to the default, without a value', async () => {
    const { dialog, onSave } = open(
      typed('int', {
        value: '8',
        source: 'custom',
        attribute: { default_value: '4', type: 'int', apply_policy: 'HotReload' },
      }),
    );
    await userEvent.click(within(dialog).getByText('Unset'));
    expect(within(dialog).queryByLabelText('New value')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Unset reverts p.int to its default value 4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ actionType: 'unset', configType: 'tidb', name: 'p.int', type: 'int' }),
    );
  });

  it('asks for the type of a parameter of unknown type, then validates by the chosen type', async () => {
    const unknown = typed('string');
    const p = { ...unknown, attribute: { ...unknown.attribute, type: 'duration' } } as unknown as ConfigParameter;
    const { dialog, onSave } = open(p);
    expect(within(dialog).getByText('unknown type, please choose type manually')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByTitle('int'));
    await expectMessage(dialog, 'ten', 'the input should be an int');
    fireEvent.change(within(dialog).getByLabelText('New value'), { target: { value: '10' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ value: '10', type: 'int' })));
  });
});
