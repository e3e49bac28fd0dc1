import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ListResult, CertificateRegion, RegionCertificates } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { certificate, certificateRegion, REGIONS } from '../testing';
import { CertificationPage } from './CertificationPage';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 4000 });

const east = certificateRegion();
const hangzhou = certificateRegion({
  region_id: 'alicloud.cn-hangzhou',
  provider: 'ALICLOUD',
  region: 'cn-hangzhou',
  display_name: 'Hangzhou (cn-hangzhou)',
  valid: 7,
  expiring: 0,
  expired: 1,
  o11y_cluster: 'o11y-alicloud-cn-hangzhou',
});
const mumbai = certificateRegion({
  region_id: 'aws.ap-south-1',
  region: 'ap-south-1',
  display_name: 'Mumbai (ap-south-1)',
  enabled: false,
  total: 0,
  valid: 0,
  expiring: 0,
  expired: 0,
  next_expiry: null,
  o11y_cluster: null,
});
const regions: ListResult<CertificateRegion> = { items: [mumbai, east, hangzhou], total: 3 };

function pageOf(region: CertificateRegion): RegionCertificates {
  const items =
    region === hangzhou
      ? [
          certificate({
            id: '9',
            region_id: region.region_id,
            component: 'O11Y',
            name: 'o11y-ingest-tls',
            days_left: -3,
            status: 'expired',
          }),
          certificate({ id: '10', region_id: region.region_id }),
        ]
      : [
          certificate({ id: '1', component: 'O11Y', name: 'o11y-ingest-tls', days_left: 6, status: 'expiring' }),
          certificate({ id: '2', component: 'TIKV', name: 'tikv-cluster-tls', days_left: 24, status: 'expiring' }),
          certificate({ id: '3' }),
        ];
  return { region, items, total: items.length };
}

function serve() {
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${REGIONS}`]: { body: regions },
    [`GET ${REGIONS}/:id`]: (req) => {
      const id = decodeURIComponent(req.url.pathname.split('/').at(-1)!);
      return { body: pageOf(regions.items.find((r) => r.region_id === id)!) };
    },
  });
}

/** The row of the certificates table whose name cell says `name`. */
const certificateRow = (name: string) =>
  within(screen.getByRole('table', { name: 'Certificates' }))
    .getByText(name)
    .closest('tr') as HTMLElement;

describe('/certification', () => {
  it('opens on the region with an expired certificate and shows its certificates, the expired one in red', async () => {
    const { calls } = serve();
    renderWithProviders(<CertificationPage />, { path: '/certification' });
    expect(await screen.findByRole('region', { name: 'Certificates of Hangzhou (cn-hangzhou)' })).toBeInTheDocument();
    const expired = await waitFor(() => certificateRow('o11y-ingest-tls'));
    expect(within(expired).getByText('expired 3 days ago').closest('.tx')).toHaveClass('tx-danger');
    expect(within(expired).getByText('expired')).toBeInTheDocument();
    expect(calls('GET', `${REGIONS}/alicloud.cn-hangzhou`)[0]?.url.searchParams.get('sort')).toBe('not_after');
    // The region list: counts, the o11y cluster and the selected region.
    const regionsTable = screen.getByRole('table', { name: 'Regions' });
    expect(within(regionsTable).getByRole('link', { name: 'o11y-aws-us-east-1' })).toHaveAttribute(
      'href',
      '/o11y/o11y-aws-us-east-1',
    );
    expect(within(regionsTable).getByRole('link', { name: 'Hangzhou (cn-hangzhou)' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.getByRole('link', { name: 'O11y Clusters' })).toHaveAttribute('href', '/o11y');
  });

  it('highlights the certificates ending within 30 days, and switches region from the region list', async () => {
    const { calls } = serve();
    const { router } = renderWithProviders(<CertificationPage />, {
      path: '/certification?region=aws.us-east-1&status=expiring&status=valid&component=O11Y&search=ingest',
    });
    const soon = await waitFor(() => certificateRow('o11y-ingest-tls'));
    expect(within(soon).getByText('6 days').closest('.tx')).toHaveClass('tx-warning');
    expect(within(certificateRow('tikv-cluster-tls')).getByText('24 days').closest('.tx')).toHaveClass('tx-warning');
    // A valid one is plain.
    expect(within(certificateRow('sql-gateway-tls')).getByText('67 days').closest('.tx')).toBeNull();
    const query = calls('GET', `${REGIONS}/aws.us-east-1`)[0]?.url.searchParams;
    expect(query?.getAll('status')).toEqual(['expiring', 'valid']);
    expect(query?.getAll('component')).toEqual(['O11Y']);
    expect(query?.get('search')).toBe('ingest');

    await userEvent.click(screen.getByRole('link', { name: 'Hangzhou (cn-hangzhou)' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('region')).toBe('alicloud.cn-hangzhou'),
    );
    expect(await screen.findByRole('region', { name: 'Certificates of Hangzhou (cn-hangzhou)' })).toBeInTheDocument();
    await waitFor(() => expect(calls('GET', `${REGIONS}/alicloud.cn-hangzhou`)).toHaveLength(1));
  });
});
