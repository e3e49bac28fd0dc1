import { Result } from 'antd';
import { Link } from 'react-router';

const home = (
  <Link to="/overview" className="result-link">
    Back Home
  </Link>
);

/** Unknown routes. */
export function NotFoundPage() {
  return <Result status="404" title="404" subTitle="Sorry, the page you visited does not exist." extra={home} />;
}

/** Admin-only routes for users without the admin role (the server refuses them too). */
/** A page the signed-in user may not open; names the privilege it needs ("why can't I?"). */
export function ForbiddenPage({ privilege }: { privilege?: string }) {
  return (
    <Result
      status="403"
      title="403"
      subTitle={
        privilege
          ? `Sorry, you are not authorized to access this page. It needs the privilege ${privilege}: ask an administrator for a role that grants it, or a time-bound grant.`
          : 'Sorry, you are not authorized to access this page.'
      }
      extra={home}
    />
  );
}
