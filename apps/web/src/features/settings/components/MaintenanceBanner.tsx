import { Alert } from 'antd';

/**
 * The system setting `maintenance_banner` as shown above every signed-in page. Loaded lazily by
 * `MaintenanceBannerSlot` (../banner.tsx) only when the text is not empty.
 */
export function MaintenanceBanner({ text }: { text: string }) {
  return <Alert type="warning" showIcon title={text} role="status" style={{ marginBottom: 12 }} />;
}
