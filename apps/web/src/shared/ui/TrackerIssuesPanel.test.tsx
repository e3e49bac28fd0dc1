import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ISSUE_MESSAGES } from '@portal/contract';
import type { Profile, TrackerIssue } from '@portal/contract';
import { mockFetch } from '../../test/fetchMock';
import { operatorProfile, viewerProfile } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { TrackerIssuesPanel } from './TrackerIssuesPanel';

vi.setConfig({ testTimeout: 60_000 });

const LIST = '/api/v1/devops/issues';
const LINKS = '/api/v1/devops/issues/links';

function issue(overrides: Partial<TrackerIssue> = {}): TrackerIssue {
  return {
    key: 'OPS-12',
    summary: 'TiKV store 4 keeps restarting',
    description: '',
    type: 'Bug',
    status: 'In Progress',
    status_category: 'in_progress',
    labels: [],
    assignee: 'ada@example.com',
    reporter: 'olivia@example.com',
    url: null,
    created_at: '2024-06-01T08:00:00.000Z',
    updated_at: '2024-06-01T09:00:00.000Z',
    link: {
      id: '5',
      subject_type: 'remediation_ticket',
      subject_id: '7',
      issue_key: 'OPS-12',
      summary: 'TiKV store 4 keeps restarting',
      created_by: 'olivia@example.com',
      created_at: '2024-06-01T08:30:00.000Z',
    },
    ...overrides,
  };
}

function serve(items: () => TrackerIssue[], extra: Parameters<typeof mockFetch>[0] = {}, profile = operatorProfile) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile satisfies Profile },
    [`GET ${LIST}`]: () => ({ body: { items: items(), total: items().length } }),
    ...extra,
  });
}

const render = () => renderWithProviders(<TrackerIssuesPanel subjectType="remediation_ticket" subjectId="7" />);

describe('TrackerIssuesPanel', () => {
  it("lists the subject's linked issues with their tracker status; a key links to the tracker's page", async () => {
    const { requests } = serve(() => [
      issue(),
      issue({
        key: 'JIRA-9',
        summary: 'Runbook for store restarts',
        status: 'Not found',
        status_category: 'unknown',
        assignee: null,
        url: 'https://jira.example.com/browse/JIRA-9',
      }),
    ]);
    render();
    const table = await screen.findByRole('table', { name: 'Tracker issues' });
    expect(await within(table).findByText('TiKV store 4 keeps restarting')).toBeInTheDocument();
    expect(within(table).getByText('In Progress')).toBeInTheDocument();
    expect(within(table).getByText('Not found')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'JIRA-9' })).toHaveAttribute(
      'href',
      'https://jira.example.com/browse/JIRA-9',
    );
    expect(within(table).queryByRole('link', { name: 'OPS-12' })).not.toBeInTheDocument();
    const listed = requests.find((r) => r.url.pathname === LIST)!;
    expect(Object.fromEntries(listed.url.searchParams)).toEqual({
      subject_type: 'remediation_ticket',
      subject_id: '7',
    });
  });

  it('links an issue by key (validated first), then lists it', async () => {
    let items: TrackerIssue[] = [];
    const { calls } = serve(() => items, {
      [`POST ${LINKS}`]: (req) => {
        items = [issue()];
        return { status: 201, body: { link: issue().link, issue: issue(), echo: req.body } };
      },
    });
    render();
    expect(await screen.findByText('No linked issues')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Link issue/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Link issue' });
    await userEvent.type(within(dialog).getByLabelText('Issue key'), 'not a key');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await within(dialog).findByText(ISSUE_MESSAGES.keyInvalid)).toBeInTheDocument();
    expect(calls('POST', LINKS)).toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText('Issue key'));
    await userEvent.type(within(dialog).getByLabelText('Issue key'), 'ops-12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText(ISSUE_MESSAGES.linked)).toBeInTheDocument();
    expect(calls('POST', LINKS).map((r) => r.body)).toEqual([
      { issue_key: 'OPS-12', subject_type: 'remediation_ticket', subject_id: '7' },
    ]);
    expect(await screen.findByText('TiKV store 4 keeps restarting')).toBeInTheDocument();
  });

  it("shows the tracker's refusal of a link in the dialog", async () => {
    serve(() => [], {
      [`POST ${LINKS}`]: {
        status: 404,
        body: { code: 'issueTracker.issueNotFound', message: 'The tracker has no issue OPS-99', requestId: 'r' },
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: /Link issue/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Link issue' });
    await userEvent.type(within(dialog).getByLabelText('Issue key'), 'OPS-99');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await within(dialog).findByText('The tracker has no issue OPS-99')).toBeInTheDocument();
  });

  it('creates an issue linked to the subject (a summary is required)', async () => {
    const { calls } = serve(() => [], {
      [`POST ${LIST}`]: { status: 201, body: { issue: issue(), link: issue().link } },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: /Create issue/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create issue' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(ISSUE_MESSAGES.summaryRequired)).toBeInTheDocument();
    expect(calls('POST', LIST)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Summary'), ' Restart store 4 ');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'After the remediation ran');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(ISSUE_MESSAGES.created)).toBeInTheDocument();
    expect(calls('POST', LIST).map((r) => r.body)).toEqual([
      {
        summary: 'Restart store 4',
        description: 'After the remediation ran',
        type: 'Task',
        subject_type: 'remediation_ticket',
        subject_id: '7',
      },
    ]);
  });

  it('unlinks after a confirmation', async () => {
    let items = [issue()];
    const { calls } = serve(() => items, {
      'DELETE /api/v1/devops/issues/links/:id': () => {
        items = [];
        return { body: { link: issue().link, deleted: true } };
      },
    });
    render();
    const table = await screen.findByRole('table', { name: 'Tracker issues' });
    await userEvent.click(await within(table).findByRole('button', { name: /Unlink/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Unlink OPS-12?' });
    expect(calls('DELETE', `${LINKS}/5`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText(ISSUE_MESSAGES.unlinked)).toBeInTheDocument();
    expect(calls('DELETE', `${LINKS}/5`)).toHaveLength(1);
    expect(await screen.findByText('No linked issues')).toBeInTheDocument();
  });

  it('offers a viewer no link, create or unlink', async () => {
    serve(() => [issue()], {}, viewerProfile);
    render();
    expect(await screen.findByText('TiKV store 4 keeps restarting')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Link issue/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Create issue/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Unlink/ })).not.toBeInTheDocument();
  });
});
