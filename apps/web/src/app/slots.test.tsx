import { configure, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { collectSlots } from '../shared/lib/slots';
import { AuditInstanceLink, ObjectLink } from '../shared/ui/ObjectLink';
import { GENERIC_STATUS_COLORS, StatusTag } from '../shared/ui/StatusTag';
import { mockFetch } from '../test/fetchMock';
import { renderWithProviders } from '../test/render';
import { features } from './features';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4000 });

/** The single colour table StatusTag had before each area declared its own: the areas together must match it. */
const BEFORE: Record<string, string> = {
  ACTIVE: 'success',
  AVAILABLE: 'success',
  APPROVED: 'success',
  APPLIED: 'green',
  SUCCESS: 'success',
  SUCCEEDED: 'success',
  NORMAL: 'success',
  FINISHED: 'default',
  ENABLED: 'success',
  CREATING: 'processing',
  MODIFYING: 'processing',
  RESUMING: 'processing',
  APPLYING: 'blue',
  RUNNING: 'processing',
  WAITING: 'warning',
  UPGRADING: 'processing',
  RESTARTING: 'processing',
  SHUTTING_DOWN: 'warning',
  WARNING: 'warning',
  MAINTAINING: 'warning',
  PENDING: 'warning',
  APPROVING: 'orange',
  PAUSED: 'default',
  SUSPENDED: 'warning',
  CLOSING: 'warning',
  CLOSED: 'default',
  DISABLED: 'default',
  DELETING: 'error',
  DELETED: 'default',
  UNAVAILABLE: 'error',
  REJECTED: 'error',
  FAILED: 'error',
  ERROR: 'error',
  STOPPED: 'default',
  CANCELED: 'default',
  CANCELLED: 'default',
  WITHDRAWN: 'red',
  TERMINATED: 'red',
};

describe("the registered features' slots", () => {
  it('claim no slot twice and colour no status two ways', () => {
    expect(collectSlots(features).conflicts).toEqual([]);
  });

  it('colour every status as the one table did before', () => {
    const { statusColors } = collectSlots(features);
    const resolved = Object.fromEntries(
      Object.keys(BEFORE).map((status) => [status, statusColors[status] ?? GENERIC_STATUS_COLORS[status]]),
    );
    expect(resolved).toEqual(BEFORE);
  });

  it('give StatusTag the declared colour, falling back to the generic words, then to default', () => {
    renderWithProviders(
      <>
        <StatusTag status="USER_CLUSTER_STATUS_MAINTAINING" />
        <StatusTag status="shutting_down" />
        <StatusTag status="Enabled" />
        <StatusTag status="SOMETHING_NEW" />
      </>,
    );
    expect(screen.getByText('MAINTAINING')).toHaveClass('ant-tag-warning');
    expect(screen.getByText('shutting_down')).toHaveClass('ant-tag-warning');
    expect(screen.getByText('Enabled')).toHaveClass('ant-tag-success');
    expect(screen.getByText('SOMETHING_NEW')).toHaveClass('ant-tag-default');
  });
});

describe('ObjectLink', () => {
  it('links a cluster at once (its hover card loads behind) and a tenant, as orgs declares', async () => {
    mockFetch({});
    renderWithProviders(
      <>
        <ObjectLink kind="cluster" id="10086" tenantId="t-1" />
        <ObjectLink kind="tenant" id="t-2" />
      </>,
    );
    expect(screen.getByRole('link', { name: '10086' })).toHaveAttribute('href', '/orgs/t-1/clusters/10086');
    expect(screen.getByRole('link', { name: 't-2' })).toHaveAttribute('href', '/orgs/t-2/');
    // Same links once the hover cards' code is in.
    expect(await screen.findByRole('link', { name: '10086' })).toHaveAttribute('href', '/orgs/t-1/clusters/10086');
  });

  it('links a TiCDC cluster through its upstream cluster, as ticdc declares', async () => {
    mockFetch({
      'GET /api/v1/devops/ticdc/clusters/:id': {
        body: {
          ticdc_cluster: { id: 'cdc-1', tenant_id: 't-1', cluster_id: '10086', name: 'cdc', status: 'available' },
        },
      },
    });
    renderWithProviders(<ObjectLink kind="ticdc_cluster" id="cdc-1" />);
    expect(await screen.findByRole('link', { name: 'cdc-1' })).toHaveAttribute(
      'href',
      '/orgs/t-1/clusters/10086/ticdc_clusters/cdc-1',
    );
  });

  it('shows the id of a kind no area declared as plain text', () => {
    renderWithProviders(<ObjectLink kind="spaceship" id="s-1" />);
    expect(screen.getByText('s-1').closest('a')).toBeNull();
  });
});

describe('AuditInstanceLink', () => {
  it('links an audited object to the page its area declared, and leaves other types as text', () => {
    renderWithProviders(
      <>
        <AuditInstanceLink type="provider" id="aws" />
        <AuditInstanceLink type="user" id="olivia@example.com" />
        <AuditInstanceLink type="ctl" id="10086" />
      </>,
    );
    expect(screen.getByRole('link', { name: 'aws' })).toHaveAttribute('href', '/providers/aws');
    expect(screen.getByRole('link', { name: 'olivia@example.com' })).toHaveAttribute(
      'href',
      '/access?search=olivia%40example.com',
    );
    expect(screen.getByText('10086').closest('a')).toBeNull();
  });

  it('links nothing when no feature is registered', () => {
    renderWithProviders(<AuditInstanceLink type="provider" id="aws" />, { features: [] });
    expect(screen.getByText('aws').closest('a')).toBeNull();
  });
});
