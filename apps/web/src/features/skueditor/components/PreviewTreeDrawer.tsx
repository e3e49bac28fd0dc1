import { Alert, Drawer, Spin, Tree } from 'antd';
import { usePreviewTree } from '../api';

const cents = (c: number) => `$${(c / 100).toFixed(2)}`;

/** Preview Billing Item Tree: groups → their units → the prices rating uses. */
export function PreviewTreeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const tree = usePreviewTree(open);
  return (
    <Drawer title="Preview Billing Item Tree" open={open} onClose={onClose} size="large">
      {tree.isLoading ? <Spin /> : null}
      {tree.isError ? <Alert type="error" showIcon message="Failed to load the billing item tree" /> : null}
      {tree.data ? (
        <Tree
          aria-label="Billing item tree"
          defaultExpandAll={false}
          treeData={tree.data.map((g) => ({
            key: `g:${g.group_id ?? 'none'}`,
            title: `${g.name} (${g.category || 'no category'}, ${g.price_type}) — ${g.units.length} unit(s)`,
            children: g.units.map((u) => ({
              key: `u:${u.unit}`,
              title: u.unit,
              children: [
                {
                  key: `p:${u.unit}`,
                  isLeaf: true,
                  title: u.tiers
                    ? `${u.tiers.map((t) => `from ${t.from}: ${cents(t.price)}`).join('; ')} per ${u.price_per} ${u.measure_unit}`
                    : `${cents(u.price_cents)} per ${u.price_per} ${u.measure_unit}`,
                },
              ],
            })),
          }))}
        />
      ) : null}
    </Drawer>
  );
}
