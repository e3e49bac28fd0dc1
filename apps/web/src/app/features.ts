import type { FeatureManifest } from '../shared/lib/feature';
import { orgsFeature } from '../features/orgs';
import { overviewFeature } from '../features/overview';
import { providersFeature } from '../features/providers';

/** Every feature of the console. Router, sidebar, breadcrumb and titles all derive from this list. */
export const features: readonly FeatureManifest[] = [overviewFeature, orgsFeature, providersFeature];
