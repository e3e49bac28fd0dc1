/**
 * The simulated control plane: the default implementation of `ControlPlane` (platform/control-plane.ts). It is not a
 * feature with routes: `app.ts` builds it and puts it on the app context, and features reach it only as
 * `ctx.controlPlane`. It lives among the features because its modelled state (PD settings and schedulers, the gitops
 * branches) is database tables, collected with the features' schemas.
 */
export { simulatedControlPlane, type SimulatedControlPlaneOptions } from './simulated.js';
export { SIMULATED_STEP_MS } from './durations.js';
/** The modelled state's tables, for the demo seed and tests. */
export { gitopsDesiredStates, pdConfigs, pdSchedulers } from './schema.js';
