import { lazyTab, TabbedListPage } from '../components/TabbedListPage';
import type { ListTab } from '../components/TabbedListPage';

const TABS: ListTab[] = [
  { key: 'roles', label: 'Roles', content: lazyTab(() => import('../tabs/RolesTab').then((m) => m.RolesTab)) },
  {
    key: 'policies',
    label: 'Policies',
    content: lazyTab(() => import('../tabs/PoliciesTab').then((m) => m.PoliciesTab)),
  },
];

/** /iam/role (spec §2, admin only): roles (the privileges they grant) and policies (Allow / Deny statements). */
export function RolePage() {
  return (
    <TabbedListPage
      title="Roles"
      description="Roles grant privileges; policies allow or deny them, on every API path or some. Bind either to users, user groups and API keys."
      tabs={TABS}
    />
  );
}
