/**
 * A loading indicator for the shell's waits (page chunks, sign-in redirects) and small inline values: antd's Spin
 * look in a few lines of CSS (global.css), so the first download of every page does not carry antd's Spin. Marked
 * busy for assistive technology and for the page-settled checks of the tests and the bench.
 */
export function Spinner({
  size = 'default',
  label = 'Loading',
}: {
  size?: 'small' | 'default' | 'large';
  label?: string;
}) {
  return (
    <span className={`app-spinner app-spinner-${size}`} role="status" aria-busy="true" aria-label={label}>
      <span className="app-spinner-dot" />
    </span>
  );
}
