import { Link } from 'react-router';
import { CONFIG_ENVIRONMENTS } from '@portal/contract';
import type { ConfigEnvironment } from '@portal/contract';

/** The change page's views, addressed by `?job=` (Overview is the page without it). */
export const CHANGE_JOBS = [
  'overview',
  'version_information',
  'modify_templates',
  'modify_images',
  ...CONFIG_ENVIRONMENTS.map((env) => `release_${env}` as const),
] as const;
export type ChangeJob = (typeof CHANGE_JOBS)[number];

export const JOB_LABELS: Record<ChangeJob, string> = {
  overview: 'Overview',
  version_information: 'Version Information',
  modify_templates: 'Modify Templates',
  modify_images: 'Modify Images',
  ...(Object.fromEntries(CONFIG_ENVIRONMENTS.map((env) => [`release_${env}`, `Release ${env}`])) as Record<
    `release_${ConfigEnvironment}`,
    string
  >),
};

export const jobOf = (value: string | null): ChangeJob =>
  (CHANGE_JOBS as readonly string[]).includes(value ?? '') ? (value as ChangeJob) : 'overview';

export const environmentOf = (job: ChangeJob): ConfigEnvironment | undefined =>
  job.startsWith('release_') ? (job.slice('release_'.length) as ConfigEnvironment) : undefined;

function Item({ job, active }: { job: ChangeJob; active: ChangeJob }) {
  return (
    <li>
      <Link
        to={{ search: job === 'overview' ? '' : `?job=${job}` }}
        replace
        aria-current={job === active ? 'page' : undefined}
      >
        {JOB_LABELS[job]}
      </Link>
    </li>
  );
}

/** The left menu of spec §2: Overview, then Jobs (Version Information, Modify Templates, Modify Images, releases). */
export function ChangeJobMenu({ active }: { active: ChangeJob }) {
  return (
    <nav className="cc-job-nav" aria-label="Change menu">
      <ul>
        <Item job="overview" active={active} />
        <li>
          <div className="cc-job-nav-group" id="cc-jobs-heading">
            Jobs
          </div>
          <ul aria-labelledby="cc-jobs-heading">
            {CHANGE_JOBS.filter((j) => j !== 'overview').map((job) => (
              <Item key={job} job={job} active={active} />
            ))}
          </ul>
        </li>
      </ul>
    </nav>
  );
}
