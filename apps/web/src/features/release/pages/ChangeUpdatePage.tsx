import { useState } from 'react';
import { Alert, Button, Form, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { canDoChangeAction, RELEASE_MESSAGES } from '@portal/contract';
import type { ReleaseChange } from '@portal/contract';
import { errorMessage } from '../../../shared/lib/ApiError';
import { feedback } from '../../../shared/lib/feedback';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { useReleaseChange, useUpdateChange } from '../api';
import { ChangeFields, changeBody, changeFormValues, placeChangeErrors } from '../components/ChangeFields';
import type { ChangeFormValues } from '../components/ChangeFields';
import { ChangeStatusTag } from '../components/tags';
import { changePath } from '../lib/paths';

/** What a failed save says when the server said nothing more useful (as the form dialogs do). */
const SAVE_FAILED = 'Failed to submit, please try again';

function ChangeForm({ change }: { change: ReleaseChange }) {
  const [form] = Form.useForm<ChangeFormValues>();
  const update = useUpdateChange(change.release_id, change.id);
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const back = changePath(change.release_id, change.id);
  const editable = canDoChangeAction(change.status, 'update');

  const save = async (values: ChangeFormValues) => {
    setFailure(null);
    try {
      await update.mutateAsync(changeBody(values));
    } catch (error) {
      const { placed, unplaced } = placeChangeErrors(form, error);
      if (placed === 0 || unplaced.length)
        setFailure(unplaced.length ? unplaced.join('; ') : errorMessage(error, SAVE_FAILED));
      return;
    }
    feedback().message.success(RELEASE_MESSAGES.saved);
    void navigate(back);
  };

  return (
    <Form<ChangeFormValues>
      form={form}
      layout="vertical"
      initialValues={changeFormValues(change)}
      disabled={!editable}
      onFinish={(values) => void save(values)}
      onFinishFailed={(invalid) => console.info('Form validation failed; nothing submitted', invalid)}
      style={{ maxWidth: 720 }}
    >
      {!editable ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`A ${change.status} change cannot be edited.`}
        />
      ) : null}
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <ChangeFields disabled={!editable} />
      <div className="toolbar">
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Save
        </Button>
        <Button disabled={false} onClick={() => void navigate(back)}>
          Back
        </Button>
      </div>
    </Form>
  );
}

/**
 * /release/:releaseId/:changeId/update (spec §2): edits a change's fields (title, description, component,
 * repository, pull requests, labels, target and canary clusters). The contract's rules check each field as it is
 * typed; the server's answers land on their fields. Save goes back to the change page.
 */
export function ChangeUpdatePage() {
  const { releaseId = '', changeId = '' } = useParams();
  const query = useReleaseChange(releaseId, changeId);
  const change = query.data;
  return (
    <>
      <PageHeader
        title={change ? `Update ${change.title}` : `Update Release Change ${changeId}`}
        tags={change ? <ChangeStatusTag status={change.status} /> : null}
      />
      <Panel>
        {change ? (
          <ChangeForm change={change} />
        ) : query.isLoading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        )}
      </Panel>
    </>
  );
}
