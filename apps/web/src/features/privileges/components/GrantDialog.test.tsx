import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GRANT_MESSAGES as M, SYSTEM_SETTING_DEFAULTS } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { adminProfile, grantDetail, URL } from '../testing';
import { GrantDialog } from './GrantDialog';

vi.setConfig({ testTimeout: 60_000 });

const users = [
  {
    email: 'admin@example.com',
    name: 'Ada Admin',
    roles: ['admin'],
    disabled: false,
    created_at: '2026-01-01T00:00:00Z',
  },
  {
    email: 'sam.okafor@example.com',
    name: 'Sam Okafor',
    roles: ['viewer'],
    disabled: false,
    created_at: '2026-01-01T00:00:00Z',
  },
  { email: 'gone@example.com', name: 'Gone', roles: ['viewer'], disabled: true, created_at: '2026-01-01T00:00:00Z' },
];

function serve(create: { status?: number; body?: unknown } = { status: 201, body: grantDetail() }) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: adminProfile },
    'GET /api/v1/devops/users': { body: { items: users, total: users.length } },
    'GET /api/v1/admin/system-settings': {
      body: {
        values: { ...SYSTEM_SETTING_DEFAULTS, privilege_grant_max_days: 14 },
        defaults: SYSTEM_SETTING_DEFAULTS,
        settings: [],
        updated_by: null,
        updated_at: null,
      },
    },
    [`POST ${URL}`]: create,
  });
}

function dropdownOf(field: HTMLElement): HTMLElement {
  const list = document.getElementById(field.getAttribute('aria-controls') ?? '');
  const dropdown = list?.closest<HTMLElement>('.ant-select-dropdown');
  if (!dropdown) throw new Error('the select is not open');
  return dropdown;
}

const optionsOf = (field: HTMLElement) =>
  [...dropdownOf(field).querySelectorAll<HTMLElement>('.ant-select-item-option')].map((o) => ({
    text: o.textContent ?? '',
    disabled: o.classList.contains('ant-select-item-option-disabled'),
  }));

/** Opens an antd Select and picks the option whose text contains `text`. */
async function choose(field: HTMLElement, text: string) {
  fireEvent.mouseDown(field);
  const option = await waitFor(() => {
    const found = [...dropdownOf(field).querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) =>
      (o.textContent ?? '').includes(text),
    );
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  fireEvent.click(option);
}

describe('GrantDialog', () => {
  it('checks every field first, with the messages the server would give', async () => {
    const { calls } = serve();
    renderWithProviders(<GrantDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('At most 14 days ahead.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request grant' }));
    expect(await within(dialog).findByText(M.userRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.privilegeRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.reasonRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'short');
    expect(await within(dialog).findByText(M.reasonTooShort)).toBeInTheDocument();
    expect(calls('POST', URL)).toHaveLength(0);
  });

  it('requests the grant for an enabled user other than oneself, the end in UTC; a server refusal lands on its field', async () => {
    const { calls } = serve({
      status: 400,
      body: {
        code: 'request.invalid',
        message: 'body.expires_at: The end must be at most 14 days ahead',
        details: [{ field: 'body.expires_at', message: M.untilTooFar(14) }],
      },
    });
    renderWithProviders(<GrantDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(calls('GET', '/api/v1/devops/users')).toHaveLength(1));
    await within(dialog).findByText('At most 14 days ahead.');
    const user = within(dialog).getByLabelText('User');
    fireEvent.mouseDown(user);
    // Enabled users only; oneself is shown but cannot be chosen.
    await waitFor(() =>
      expect(optionsOf(user)).toEqual([
        { text: 'Ada Admin <admin@example.com>', disabled: true },
        { text: 'Sam Okafor <sam.okafor@example.com>', disabled: false },
      ]),
    );
    await choose(user, 'Sam Okafor');
    const privilege = within(dialog).getByLabelText('Privilege');
    fireEvent.mouseDown(privilege);
    fireEvent.change(privilege, { target: { value: 'billing.man' } });
    await choose(privilege, 'billing.manage');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Confirm the invoices this week');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request grant' }));
    await waitFor(() => expect(calls('POST', URL)).toHaveLength(1));
    const body = calls('POST', URL)[0]!.body as Record<string, string>;
    expect(body).toMatchObject({
      user_email: 'sam.okafor@example.com',
      privilege: 'billing.manage',
      reason: 'Confirm the invoices this week',
    });
    expect(body.expires_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/);
    // About a day ahead (the default end).
    expect(Math.abs(Date.parse(body.expires_at!) - Date.now() - 86_400_000)).toBeLessThan(5 * 60_000);
    expect(await within(dialog).findByText(M.untilTooFar(14))).toBeInTheDocument();
  });
});
