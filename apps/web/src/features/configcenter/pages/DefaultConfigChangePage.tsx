import { useState } from 'react';
import { Button, Skeleton, Tooltip } from 'antd';
import { CloseCircleOutlined } from '@ant-design/icons';
import { useParams, useSearchParams } from 'react-router';
import { canDoOnChange, configcenterApi } from '@portal/contract';
import type { DefaultConfigChange } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { useChangeReleases, useDefaultConfigChange, useRefreshOnReleaseMoves } from '../api/changes';
import { ChangeJobMenu, environmentOf, jobOf } from '../components/changes/ChangeJobMenu';
import type { ChangeJob } from '../components/changes/ChangeJobMenu';
import { ChangeOverview } from '../components/changes/ChangeOverview';
import { ChangePhaseTag } from '../components/changes/display';
import { ModifyImagesJob } from '../components/changes/ModifyImagesJob';
import { ModifyTemplatesJob } from '../components/changes/ModifyTemplatesJob';
import { ReleaseJob } from '../components/changes/ReleaseJob';
import { VersionInformationJob } from '../components/changes/VersionInformationJob';
import '../components/changes/changes.css';

const CloseChangeDialog = lazyDialog(() =>
  import('../components/changes/CloseChangeDialog').then((m) => m.CloseChangeDialog),
);

function JobContent({
  job,
  change,
  releases,
}: {
  job: ChangeJob;
  change: DefaultConfigChange;
  releases: ReturnType<typeof useChangeReleases>;
}) {
  const environment = environmentOf(job);
  if (environment)
    return <ReleaseJob key={environment} change={change} environment={environment} releases={releases} />;
  switch (job) {
    case 'version_information':
      return <VersionInformationJob change={change} />;
    case 'modify_templates':
      return <ModifyTemplatesJob change={change} />;
    case 'modify_images':
      return <ModifyImagesJob change={change} />;
    default:
      return <ChangeOverview change={change} />;
  }
}

/**
 * /defaultconfig/change/:changeId (spec §2, §4): a left menu — Overview; Jobs: Version Information, Modify Templates,
 * Modify Images and one Release per environment, the one shown kept in `?job=` — and Close while in progress.
 * Every modify, image and release action is enabled from the contract's DEFAULT_CONFIG_ACTIONS table.
 */
export function DefaultConfigChangePage() {
  const id = useParams().changeId ?? '';
  const can = useCan();
  const [search] = useSearchParams();
  const job = jobOf(search.get('job'));
  const query = useDefaultConfigChange(id);
  const releases = useChangeReleases(id);
  useRefreshOnReleaseMoves(id, releases.data);
  const [closing, setClosing] = useState(false);
  const change = query.data;
  const closable = change ? canDoOnChange(change.phase, 'close') : false;

  return (
    <>
      <PageHeader
        title={`Default Config Change ${id}`}
        tags={change ? <ChangePhaseTag phase={change.phase} /> : null}
        extra={
          change && can(configcenterApi.close) ? (
            <Tooltip title={closable ? undefined : `The change is already ${change.phase}`}>
              <Button
                danger
                icon={<CloseCircleOutlined />}
                disabled={!closable}
                onPointerEnter={CloseChangeDialog.preload}
                onClick={() => setClosing(true)}
              >
                Close
              </Button>
            </Tooltip>
          ) : null
        }
      />
      {query.isLoading ? (
        <Panel>
          <Skeleton active paragraph={{ rows: 4 }} />
        </Panel>
      ) : !change ? (
        <Panel>
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        </Panel>
      ) : (
        <div className="cc-change-layout">
          <Panel className="cc-change-menu">
            <ChangeJobMenu active={job} />
          </Panel>
          <div className="cc-change-content">
            <JobContent job={job} change={change} releases={releases} />
          </div>
        </div>
      )}
      <CloseChangeDialog open={closing} changeId={id} onClose={() => setClosing(false)} />
    </>
  );
}
