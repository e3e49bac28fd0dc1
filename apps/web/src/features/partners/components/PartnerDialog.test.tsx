import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PARTNER_MESSAGES as M } from '@portal/contract';
import type { CreateResellerBody, UpdateMspBody } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { msp, P, partner } from '../testing';
import { PartnerDialog } from './PartnerDialog';

vi.setConfig({ testTimeout: 60_000 });

function serve() {
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`POST ${P}/mcpo/create`]: {
      status: 400,
      body: {
        code: 'validation',
        message: 'Invalid body',
        details: { issues: [{ field: 'email', message: 'An org with this email exists' }] },
      },
    },
    [`POST ${P}/msp/create`]: (req) => ({
      status: 201,
      body: { msp: msp({ name: (req.body as { name: string }).name, email: 'new@msp.test' }) },
    }),
    [`POST ${P}/cppo/create`]: (req) => ({
      status: 201,
      body: { partner: partner({ ...(req.body as CreateResellerBody), org_id: '1372813089189359999' }) },
    }),
    [`POST ${P}/msp/update`]: (req) => ({ body: { msp: msp({ name: (req.body as UpdateMspBody).name }) } }),
    [`POST ${P}/msp/upload-logo`]: {
      status: 201,
      body: { logo_url: '/api/v1/admin/partner/msp/logo/fedcba9876543210fedcba9876543210', logo_name: 'new.svg' },
    },
  });
}

const dialog = () => screen.findByRole('dialog');
const stepTitles = (d: HTMLElement) => [...d.querySelectorAll('.ant-steps-item-title')].map((e) => e.textContent);
const button = (d: HTMLElement, name: string | RegExp) => within(d).getByRole('button', { name });

describe('PartnerDialog', () => {
  it('create reseller: "Required" for name and email, "Invalid Email"; nothing is sent', async () => {
    const { calls } = serve();
    renderWithProviders(<PartnerDialog type="cppo" open onClose={() => undefined} />);
    const d = await dialog();
    await userEvent.click(button(d, 'Next'));
    await waitFor(() => expect(within(d).getAllByText(M.required)).toHaveLength(2));
    fireEvent.change(within(d).getByLabelText('Name'), { target: { value: 'Northwind' } });
    fireEvent.change(within(d).getByLabelText('Email'), { target: { value: 'not-an-email' } });
    await userEvent.click(button(d, 'Next'));
    expect(await within(d).findByText(M.invalidEmail)).toBeInTheDocument();
    expect(within(d).queryByText(M.required)).toBeNull();
    expect(calls('POST', `${P}/cppo/create`)).toHaveLength(0);
    // Still on the first step.
    expect(within(d).queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('runs Configure Details → Confirm (Prev keeps the values) → Done when adding', async () => {
    const { calls } = serve();
    const onClose = vi.fn();
    renderWithProviders(<PartnerDialog type="cppo" open onClose={onClose} />);
    const d = await dialog();
    expect(stepTitles(d)).toEqual(['Configure Details', 'Confirm', 'Done']);
    fireEvent.change(within(d).getByLabelText('Name'), { target: { value: 'Northwind Resale' } });
    fireEvent.change(within(d).getByLabelText('Email'), { target: { value: 'Partners@Northwind.test' } });
    await userEvent.click(button(d, 'Next'));
    const confirm = await within(d).findByLabelText('Confirm');
    expect(within(confirm).getByText('Northwind Resale')).toBeInTheDocument();
    expect(within(confirm).getByText('AWS CPPO Reseller')).toBeInTheDocument();
    // Prev goes back, with what was typed.
    await userEvent.click(button(d, 'Prev'));
    expect(within(d).getByLabelText('Name')).toHaveValue('Northwind Resale');
    expect(within(d).getByLabelText('Email')).toHaveValue('Partners@Northwind.test');
    expect(calls('POST', `${P}/cppo/create`)).toHaveLength(0);
    await userEvent.click(button(d, 'Next'));
    await userEvent.click(await within(d).findByRole('button', { name: 'Submit' }));
    const done = await within(d).findByLabelText('Done');
    expect(calls('POST', `${P}/cppo/create`)[0]!.body).toEqual({
      name: 'Northwind Resale',
      email: 'Partners@Northwind.test',
    });
    expect(within(done).getByRole('link', { name: 'Northwind Resale' })).toHaveAttribute(
      'href',
      '/cppo/1372813089189359999',
    );
    expect(within(done).getByText(partner().signup_url)).toBeInTheDocument();
    await userEvent.click(button(d, 'Done'));
    expect(onClose).toHaveBeenCalled();
  });

  it('an update has no Done step: it ends after Confirm', async () => {
    const { calls } = serve();
    const onClose = vi.fn();
    renderWithProviders(<PartnerDialog type="msp" msp={msp()} open onClose={onClose} />);
    const d = await dialog();
    expect(stepTitles(d)).toEqual(['Configure Details', 'Confirm']);
    expect(within(d).getByLabelText('Name')).toHaveValue('Contoso Cloud');
    fireEvent.change(within(d).getByLabelText('Name'), { target: { value: 'Contoso Managed' } });
    await userEvent.click(button(d, 'Next'));
    await userEvent.click(await within(d).findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls('POST', `${P}/msp/update`)[0]!.body).toMatchObject({
      org_id: msp().org_id,
      name: 'Contoso Managed',
      advertising_arr: msp().advertising_arr,
    });
    expect(screen.queryByLabelText('Done')).toBeNull();
  });

  it('MSP: name and email are required, the email valid', async () => {
    serve();
    renderWithProviders(<PartnerDialog type="msp" open onClose={() => undefined} />);
    const d = await dialog();
    await userEvent.click(button(d, 'Next'));
    await waitFor(() => expect(within(d).getAllByText(M.required)).toHaveLength(2));
    fireEvent.change(within(d).getByLabelText('Email'), { target: { value: 'msp@' } });
    await userEvent.click(button(d, 'Next'));
    expect(await within(d).findByText(M.invalidEmail)).toBeInTheDocument();
  });

  it('MSP advertising: at most 4 paragraphs, heading and body required and bounded', async () => {
    serve();
    renderWithProviders(<PartnerDialog type="msp" open onClose={() => undefined} />);
    const d = await dialog();
    const add = button(d, /Add Paragraph/);
    for (let i = 0; i < 5; i++) await userEvent.click(add);
    expect(await within(d).findByText(M.advertisingTooMany)).toBeInTheDocument();
    await userEvent.click(button(d, 'Remove paragraph 5'));
    await waitFor(() => expect(within(d).queryByText(M.advertisingTooMany)).toBeNull(), { timeout: 3000 });
    await userEvent.click(button(d, 'Next'));
    await waitFor(() => expect(within(d).getAllByText(M.headingRequired)).toHaveLength(4));
    expect(within(d).getAllByText(M.bodyRequired)).toHaveLength(4);
    fireEvent.change(within(d).getByLabelText('Heading 1'), { target: { value: 'h'.repeat(41) } });
    fireEvent.change(within(d).getByLabelText('Body 1'), { target: { value: 'b'.repeat(201) } });
    expect(await within(d).findByText(M.headingTooLong)).toBeInTheDocument();
    expect(await within(d).findByText(M.bodyTooLong)).toBeInTheDocument();
    fireEvent.change(within(d).getByLabelText('Heading 1'), { target: { value: 'h'.repeat(40) } });
    fireEvent.change(within(d).getByLabelText('Body 1'), { target: { value: 'b'.repeat(200) } });
    // Error texts leave with a collapse motion: gone once it ends.
    await waitFor(
      () => {
        expect(within(d).queryByText(M.headingTooLong)).toBeNull();
        expect(within(d).queryByText(M.bodyTooLong)).toBeNull();
      },
      { timeout: 3000 },
    );
  });

  it('MSP logo: only an SVG is uploaded, as image/svg+xml', async () => {
    const { calls } = serve();
    renderWithProviders(<PartnerDialog type="msp" open onClose={() => undefined} />);
    const d = await dialog();
    const input = within(d).getByLabelText('Logo file');
    expect(input).toHaveAttribute('accept', '.svg,image/svg+xml');
    fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    expect(await within(d).findByText(M.logoSvgOnly)).toBeInTheDocument();
    expect(calls('POST', `${P}/msp/upload-logo`)).toHaveLength(0);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    fireEvent.change(input, { target: { files: [new File([svg], 'new.svg', { type: 'image/svg+xml' })] } });
    expect(await within(d).findByAltText('Logo new.svg')).toBeInTheDocument();
    await waitFor(() => expect(within(d).queryByText(M.logoSvgOnly)).toBeNull(), { timeout: 3000 });
    const [upload] = calls('POST', `${P}/msp/upload-logo`);
    expect(upload!.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(upload!.url.searchParams.get('logo_name')).toBe('new.svg');
  });

  it('MSP create: sends its support plan (fixed or percentage) and says the key went to the contact', async () => {
    const { calls } = serve();
    renderWithProviders(<PartnerDialog type="msp" open onClose={() => undefined} />);
    const d = await dialog();
    expect(stepTitles(d)).toEqual(['Configure Details', 'Confirm', 'Done']);
    // Spec §9: an MSP allows only fixed and percentage support types.
    fireEvent.mouseDown(within(d).getByRole('combobox', { name: 'Support Type' }));
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual([
        'Fixed Price',
        'Percentage Price',
      ]),
    );
    fireEvent.change(within(d).getByLabelText('Name'), { target: { value: 'New MSP' } });
    fireEvent.change(within(d).getByLabelText('Email'), { target: { value: 'new@msp.test' } });
    await userEvent.click(button(d, 'Next'));
    await userEvent.click(await within(d).findByRole('button', { name: 'Submit' }));
    const done = await within(d).findByLabelText('Done');
    expect(
      within(done).getByText(/An initial API key with the role “MSP owner” was sent to new@msp.test/),
    ).toBeVisible();
    const today = new Date().toISOString().slice(0, 10);
    expect(calls('POST', `${P}/msp/create`)[0]!.body).toEqual({
      name: 'New MSP',
      email: 'new@msp.test',
      website: '',
      logo_name: '',
      logo_url: null,
      disclaimers: '',
      advertising_arr: [],
      support_plan: {
        type: 'fixed_price',
        fixed_charge_price: 0,
        support_price_percentage: null,
        active_date: `${today}T00:00:00Z`,
      },
    });
  });

  it('a field the server refuses on Submit sends the user back to Configure Details with its message', async () => {
    serve();
    renderWithProviders(<PartnerDialog type="mcpo" open onClose={() => undefined} />);
    const d = await dialog();
    fireEvent.change(within(d).getByLabelText('Name'), { target: { value: 'Globex' } });
    fireEvent.change(within(d).getByLabelText('Email'), { target: { value: 'ops@globex.test' } });
    await userEvent.click(button(d, 'Next'));
    await userEvent.click(await within(d).findByRole('button', { name: 'Submit' }));
    expect(await within(d).findByText('An org with this email exists')).toBeInTheDocument();
    expect(within(d).getByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(within(d).getByLabelText('Name')).toHaveValue('Globex');
  });
});
