import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChangeItem } from '@portal/contract';
import { ItemSummary } from './display';

const imageItem: ChangeItem = {
  id: '9',
  type: 'default_component_config',
  revision: 1,
  released_to: [],
  updated_at: '2024-06-01T08:00:00.000Z',
  template_binding: null,
  component_config: {
    origin: {
      default_case: {
        component: 'TIKV',
        version: 'v8.5.0',
        cloud_provider: null,
        instance_type: null,
        config_type: '',
      },
      template_id: null,
      cluster_type: 'DEDICATED_TIDB',
      base_image: 'pingcap/tikv',
      image_tag: 'v8.5.0',
    },
    modified: { base_image: 'pingcap/tikv', image_tag: 'v8.5.0-hotfix.1', template_id: null },
  },
  version_release: null,
};

describe('ItemSummary', () => {
  it('shows an image item as image → image, both with their base image', () => {
    render(<ItemSummary item={imageItem} />);
    expect(screen.getByText('pingcap/tikv:v8.5.0')).toBeInTheDocument();
    expect(screen.getByText('pingcap/tikv:v8.5.0-hotfix.1')).toBeInTheDocument();
  });
});
