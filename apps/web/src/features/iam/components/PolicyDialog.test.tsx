import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IAM_MESSAGES } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { I, iamAdmin, policy } from '../testing';
import { PolicyDialog } from './PolicyDialog';

vi.setConfig({ testTimeout: 60_000 });

function setup() {
  const fetch = mockFetch({
    'GET /api/v1/devops/me': { body: iamAdmin },
    [`POST ${I}/policies`]: { status: 201, body: policy({ name: 'no-billing', bindings: 0, binding_list: [] }) },
  });
  renderWithProviders(<PolicyDialog open onClose={() => undefined} />);
  return fetch;
}

const editor = () => screen.getByLabelText('Statements (JSON)');
function typeJson(text: string) {
  fireEvent.change(editor(), { target: { value: text } });
  fireEvent.blur(editor());
}

describe('PolicyDialog', () => {
  it('checks the JSON on blur, saying where each error is', async () => {
    setup();
    await screen.findByRole('dialog', { name: 'Create Policy' });
    typeJson('[{ "effect": "Allow", ');
    expect(await screen.findByText(new RegExp(`^${IAM_MESSAGES.notJson}`))).toBeInTheDocument();

    typeJson(JSON.stringify([{ effect: 'Allow', actions: ['billing.read', 'ctl.fly'], resources: ['orgs'] }]));
    expect(
      await screen.findByText(
        `statement 1, actions[1]: ${IAM_MESSAGES.unknownAction('ctl.fly')}; statement 1, resources[0]: ${IAM_MESSAGES.resource}`,
      ),
    ).toBeInTheDocument();

    typeJson('[]');
    expect(await screen.findByText(`statements: ${IAM_MESSAGES.statementsRequired}`)).toBeInTheDocument();
  });

  it('sends the parsed statements', async () => {
    const { calls } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Create Policy' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'no-billing');
    typeJson(
      JSON.stringify([{ effect: 'Deny', actions: ['billing.*'], resources: ['/api/v1/devops/billing-proxy/*'] }]),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls('POST', `${I}/policies`)).toHaveLength(1));
    expect(calls('POST', `${I}/policies`)[0]?.body).toEqual({
      name: 'no-billing',
      description: '',
      statements: [{ effect: 'Deny', actions: ['billing.*'], resources: ['/api/v1/devops/billing-proxy/*'] }],
    });
  });
});
