import { lazyTab, TabbedListPage } from '../components/TabbedListPage';
import type { ListTab } from '../components/TabbedListPage';

const TABS: ListTab[] = [
  { key: 'users', label: 'Users', content: lazyTab(() => import('../tabs/UsersTab').then((m) => m.UsersTab)) },
  {
    key: 'usergroups',
    label: 'User groups',
    content: lazyTab(() => import('../tabs/UserGroupsTab').then((m) => m.UserGroupsTab)),
  },
  { key: 'apikeys', label: 'API keys', content: lazyTab(() => import('../tabs/ApiKeysTab').then((m) => m.ApiKeysTab)) },
];

/** /iam/entity (spec §2, admin only): who can be granted something — users, user groups and API keys. */
export function EntityPage() {
  return (
    <TabbedListPage
      title="Entities"
      description="Users, user groups and API keys, and what each may do through the roles and policies bound to it."
      tabs={TABS}
    />
  );
}
