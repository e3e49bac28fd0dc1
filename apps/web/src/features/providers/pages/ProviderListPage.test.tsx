import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ErrorBody, Profile } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import type { Reply } from '../../../test/fetchMock';
import { adminProfile, operatorProfile, provider } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ProviderListPage } from './ProviderListPage';

const LIST = '/api/v1/admin/providers';

function serve(profile: Profile, create: Reply = { status: 201, body: provider({ id: 'oci', name: 'OCI' }) }) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${LIST}`]: { body: { items: [provider()], total: 1 } },
    [`POST ${LIST}`]: create,
  });
}

function fill(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

async function openCreate() {
  await userEvent.click(await screen.findByRole('button', { name: /Create provider/ }));
  return screen.findByRole('dialog', { name: 'Create provider' });
}

describe('/providers', () => {
  it('offers Create provider to admins only', async () => {
    serve(operatorProfile);
    renderWithProviders(<ProviderListPage />);
    expect(await screen.findByText('Amazon Web Services')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create provider/ })).not.toBeInTheDocument();
  });

  it('validates the fields first and submits nothing while they are invalid', async () => {
    const { calls } = serve(adminProfile);
    renderWithProviders(<ProviderListPage />);
    const dialog = await openCreate();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(within(dialog).getAllByText('required')).toHaveLength(3));

    fill(dialog, 'ID', 'Bad Id');
    fill(dialog, 'Name', 'aws');
    fill(dialog, 'Display name', 'Oracle Cloud');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('lowercase letters, digits and dashes only, starting with a letter or digit'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('upper-case letters, digits and underscores')).toBeInTheDocument();
    expect(calls('POST', LIST)).toHaveLength(0);
  });

  it('creates the provider, closes, and refreshes the list', async () => {
    const { calls } = serve(adminProfile);
    renderWithProviders(<ProviderListPage />);
    const dialog = await openCreate();
    fill(dialog, 'ID', 'oci');
    fill(dialog, 'Name', 'OCI');
    fill(dialog, 'Display name', 'Oracle Cloud');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls('POST', LIST)).toHaveLength(1));
    expect(calls('POST', LIST)[0]?.body).toEqual({
      id: 'oci',
      name: 'OCI',
      display_name: 'Oracle Cloud',
      enabled: true,
    });
    expect(await screen.findByText('Create successful!')).toBeInTheDocument();
    await waitFor(() => expect(calls('GET', LIST)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create provider' })).not.toBeInTheDocument());
  });

  it("puts the server's 400 field messages on the fields and keeps the dialog open", async () => {
    const rejected: ErrorBody = {
      code: 'request.invalid',
      message: 'The request is invalid',
      requestId: 'r',
      details: [{ field: 'name', message: 'OCI is not a supported cloud provider' }],
    };
    serve(adminProfile, { status: 400, body: rejected });
    renderWithProviders(<ProviderListPage />);
    const dialog = await openCreate();
    fill(dialog, 'ID', 'oci');
    fill(dialog, 'Name', 'OCI');
    fill(dialog, 'Display name', 'Oracle Cloud');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('OCI is not a supported cloud provider')).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('shows any other failure inside the dialog', async () => {
    serve(adminProfile, {
      status: 409,
      body: { code: 'provider.exists', message: 'A provider with this id already exists', requestId: 'r' },
    });
    renderWithProviders(<ProviderListPage />);
    const dialog = await openCreate();
    fill(dialog, 'ID', 'aws');
    fill(dialog, 'Name', 'AWS');
    fill(dialog, 'Display name', 'Amazon');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('A provider with this id already exists')).toBeInTheDocument();
  });
});
