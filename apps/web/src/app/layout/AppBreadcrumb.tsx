import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import type { FeatureManifest } from '../../shared/lib/feature';
import { breadcrumbs } from './navigation';

export function AppBreadcrumb({ features }: { features: readonly FeatureManifest[] }) {
  const { pathname } = useLocation();
  const crumbs = breadcrumbs(pathname, features);
  return (
    <Breadcrumb
      className="app-breadcrumb"
      items={[
        {
          key: 'home',
          title: (
            <Link to="/overview" aria-label="Home">
              <HomeOutlined />
            </Link>
          ),
        },
        ...crumbs.map((crumb, index) => ({
          key: `${index}`,
          title: crumb.path ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title,
        })),
      ]}
    />
  );
}
