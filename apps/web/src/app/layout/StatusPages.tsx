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
export function ForbiddenPage() {
  return (
    <Result
      status="403"
      title="403"
      subTitle="Sorry, you are not authorized to access this page. It is for administrators only."
      extra={home}
    />
  );
}
