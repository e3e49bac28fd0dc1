import { HomeOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import type { FeatureManifest } from '../../shared/lib/feature';
import { breadcrumbs } from './navigation';

/**
 * Spec §2: home, then one crumb per path segment. Plain markup styled like antd's Breadcrumb: antd's would bring its
 * item dropdowns (Dropdown, Menu and the popup engine) into every page's first download.
 */
export function AppBreadcrumb({ features }: { features: readonly FeatureManifest[] }) {
  const { pathname } = useLocation();
  const crumbs = breadcrumbs(pathname, features);
  return (
    <nav className="app-breadcrumb" aria-label="Breadcrumb">
      <ol>
        <li>
          <Link to="/overview" aria-label="Home" className="app-breadcrumb-link">
            <HomeOutlined />
          </Link>
        </li>
        {crumbs.map((crumb, index) => (
          <li key={index} aria-current={index === crumbs.length - 1 ? 'page' : undefined}>
            <span className="app-breadcrumb-separator" aria-hidden="true">
              /
            </span>
            {crumb.path ? (
              <Link to={crumb.path} className="app-breadcrumb-link">
                {crumb.title}
              </Link>
            ) : (
              <span className="app-breadcrumb-text">{crumb.title}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
