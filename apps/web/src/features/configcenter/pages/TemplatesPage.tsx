import { useSearchUpdate } from '../../../shared/lib/useSearchUpdate';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { TabSet } from '../../../shared/ui/TabSet';
import { CustomTemplateTable } from '../components/templates/CustomTemplateTable';
import { DefaultCaseTable } from '../components/templates/DefaultCaseTable';
import { ModificationHistories } from '../components/templates/ModificationHistories';

/** One tab choice kept in the URL (`key`), the first tab's value left out. */
function useTabParam(key: string, first: string): [string, (next: string) => void] {
  const [search, updateSearch] = useSearchUpdate();
  const set = (next: string) =>
    updateSearch((sp) => {
      if (next === first) sp.delete(key);
      else sp.set(key, next);
    }, true);
  return [search.get(key) ?? first, set];
}

function DefaultTemplates() {
  const [view, setView] = useTabParam('view', 'cases');
  return (
    <TabSet
      aria-label="Default templates"
      activeKey={view}
      onChange={setView}
      destroyOnHidden
      items={[
        { key: 'cases', label: 'Default Cases', children: <DefaultCaseTable /> },
        { key: 'histories', label: 'Modification Histories', children: <ModificationHistories /> },
      ]}
    />
  );
}

/**
 * /template (spec §2): Default Templates — the default cases of a cluster type with their source and current
 * templates, modified together through a default-config change, and the Modification Histories — and Custom
 * Templates. The tab, sub-tab and every filter are in the URL.
 */
export function TemplatesPage() {
  const [tab, setTab] = useTabParam('tab', 'default');
  return (
    <>
      <PageHeader
        title="Templates"
        description="What every new cluster gets: the default template of each version, provider, instance type and config type, released per environment."
      />
      <Panel>
        <TabSet
          aria-label="Templates"
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: 'default', label: 'Default Templates', children: <DefaultTemplates /> },
            { key: 'custom', label: 'Custom Templates', children: <CustomTemplateTable /> },
          ]}
        />
      </Panel>
    </>
  );
}
