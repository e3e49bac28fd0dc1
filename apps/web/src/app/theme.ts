import type { ThemeConfig } from 'antd';

/**
 * The portal's antd theme. Plain data in its own module: the build renders antd's styles with it ahead of time
 * (build/antd-styles.ts), so it must stay importable without React or antd.
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1f5fd6',
    borderRadius: 6,
    fontSize: 14,
    colorBgLayout: '#f4f6f9',
  },
  components: {
    Layout: { headerBg: '#0f1e3a', headerHeight: 52, headerPadding: '0 16px', siderBg: '#ffffff' },
    Table: { cellPaddingBlockMD: 10 },
    Card: { headerHeightSM: 40 },
  },
};
