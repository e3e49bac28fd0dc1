/**
 * The error catalogue: every error the API can answer, with its HTTP status.
 * Clients branch on `code`, never on message text.
 */
export const errorCatalogue = {
  'request.invalid': { status: 400, message: 'The request is invalid' },
  /** The request line (URL) or the headers exceed the server's limit (answered before any route runs). */
  'request.tooLarge': { status: 431, message: 'The request URL or headers are too large' },
  'request.timeout': { status: 408, message: 'The request was not received in time' },
  'auth.unauthenticated': { status: 401, message: 'Your current account does not exist in the portal' },
  'auth.invalidToken': { status: 401, message: 'The sign-in token is invalid or expired' },
  'auth.forbidden': {
    status: 403,
    message: "Your current account doesn't have the permission to access this resource",
  },
  'route.notFound': { status: 404, message: 'No such API route' },
  'tenant.notFound': { status: 404, message: 'Tenant not found' },
  'project.notFound': { status: 404, message: 'Project not found' },
  'cluster.notFound': { status: 404, message: 'Cluster not found' },
  'provider.notFound': { status: 404, message: 'Provider not found' },
  'provider.exists': { status: 409, message: 'A provider with this id already exists' },
  'region.notFound': { status: 404, message: 'Region not found' },
  'region.exists': { status: 409, message: 'A region with this id already exists for the provider' },
  'user.notFound': { status: 404, message: 'User not found' },
  'user.exists': { status: 409, message: 'A user with this email already exists' },
  'user.cannotDemoteSelf': { status: 409, message: 'You cannot remove the admin role from yourself' },
  'user.cannotDisableSelf': { status: 409, message: 'You cannot disable yourself' },
  'approval.notFound': { status: 404, message: 'Approval not found' },
  'approval.notApprover': {
    status: 403,
    message: 'Only an approver of the current approval step may approve or reject',
  },
  'approval.selfApproval': { status: 403, message: 'The applicant cannot approve or reject their own request' },
  'approval.alreadyDecided': { status: 409, message: 'This approval step has already been decided' },
  'approval.templateNotFound': { status: 500, message: 'The approval template is not configured' },
  'operation.notFound': { status: 404, message: 'Operation not found' },
  'operation.actionNotAllowed': {
    status: 409,
    message: 'The operation does not allow this action in its current status',
  },
  'operation.stepNotWaiting': { status: 409, message: 'The step is not waiting for an action' },
  'configChange.notFound': { status: 404, message: 'Configuration change not found' },
  'configChange.notChangeable': { status: 409, message: 'The configuration cannot be changed currently' },
  'configChange.stale': {
    status: 409,
    message: 'The cluster configuration changed after this change was prepared; reload and prepare it again',
  },
  'configChange.phaseForbids': { status: 409, message: 'The change does not allow this action in its current phase' },
  'configChange.invalidParameter': { status: 400, message: 'A parameter value is invalid' },
  'configChange.empty': { status: 400, message: 'The change modifies nothing' },
  'configChange.policyNotAllowed': { status: 400, message: 'The apply policy is not allowed for this change' },
  'configChange.invalidVersion': { status: 400, message: 'The target version is invalid' },
  'configChange.unsupportedTarget': {
    status: 400,
    message: 'Configuration changes are not supported for this cluster type',
  },
  'ticdc.notFound': { status: 404, message: 'TiCDC cluster not found' },
  'ticdc.actionNotAllowed': {
    status: 409,
    message: 'The TiCDC cluster does not allow this action in its current status',
  },
  'ticdc.versionNotNewer': { status: 400, message: 'The target version must be newer than the current version' },
  'ticdc.versionAboveUpstream': {
    status: 400,
    message: 'A TiCDC cluster cannot run a newer version than its upstream cluster',
  },
  'ticdc.unknownComponent': { status: 400, message: 'The TiCDC cluster has no such component' },
  'ticdc.imageUnchanged': { status: 400, message: 'The image tags are already the ones requested' },
  'changefeed.notFound': { status: 404, message: 'Changefeed not found' },
  'changefeed.actionNotAllowed': {
    status: 409,
    message: 'The changefeed does not allow this action in its current status',
  },
  'changefeed.ticdcUnavailable': { status: 409, message: "The changefeed's TiCDC cluster is not running" },
  'changefeed.notVersioned': {
    status: 400,
    message: 'A changefeed has no version or image of its own; change its TiCDC cluster instead',
  },
  'ctl.commandNotAllowed': { status: 400, message: 'The command is not in the allowed list' },
  'ctl.invalidArgs': { status: 400, message: 'The command arguments are invalid' },
  'ctl.clusterUnavailable': { status: 409, message: 'Commands cannot run against the cluster in its current status' },
  'gitops.notTracked': { status: 404, message: 'The cluster has no desired state on this branch' },
  'gitops.nothingToApply': { status: 409, message: 'The cluster already matches its desired state' },
  'gitops.unknownPath': { status: 400, message: 'A path is not a pending item of this cluster' },
  'gitops.applyInProgress': { status: 409, message: 'An apply of this cluster is already running' },
  'gitops.clusterUnavailable': {
    status: 409,
    message: 'The desired state cannot be applied to the cluster in its current status',
  },
  'template.notFound': { status: 404, message: 'Template not found' },
  'defaultConfig.notFound': { status: 404, message: 'Default-config change not found' },
  'defaultConfig.itemNotFound': { status: 404, message: 'The change has no such item' },
  'defaultConfig.releaseNotFound': { status: 404, message: 'Release not found' },
  'defaultConfig.phaseForbids': {
    status: 409,
    message: 'The default-config change does not allow this action in its current phase',
  },
  'defaultConfig.releasePhaseForbids': {
    status: 409,
    message: 'The release does not allow this action in its current phase',
  },
  'defaultConfig.caseInChange': {
    status: 409,
    message: 'A default case is already being modified by another change in progress',
  },
  'defaultConfig.stale': {
    status: 409,
    message: 'A default case changed after it was selected; reload and select it again',
  },
  'defaultConfig.configTypeMismatch': {
    status: 400,
    message: 'The template is for another config type than the default case',
  },
  'defaultConfig.draftTemplate': {
    status: 409,
    message: 'The template is an unreleased draft of a default-config change; choose a released template',
  },
  'defaultConfig.unknownParameter': { status: 400, message: 'A parameter is not in the catalogue of this version' },
  'defaultConfig.releaseInFlight': {
    status: 409,
    message: 'A release of this change is waiting for approval or running',
  },
  'defaultConfig.nothingToRelease': {
    status: 409,
    message: 'Every item of this change is already released to this environment',
  },
  'version.notFound': { status: 404, message: 'Cluster version not found' },
  'version.exists': { status: 409, message: 'This cluster version already exists' },
  'version.branchNotFound': { status: 404, message: 'The gitops repository has no such branch' },
  'version.gitopsUnavailable': { status: 502, message: 'The gitops repository could not be read' },
  /** The request needs a secondary confirmation: resend it with `confirm: true` (see confirmation.ts). */
  'confirmation.required': { status: 409, message: 'This action needs a secondary confirmation' },
  conflict: { status: 409, message: 'The resource was changed by someone else; reload and try again' },
  rateLimited: { status: 429, message: 'Too many requests, please try again later' },
  internal: { status: 500, message: 'Internal server error' },
  unavailable: { status: 503, message: 'Service unavailable' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

/** The one error body every API failure answers with. */
export interface ErrorBody {
  code: ErrorCode | string;
  message: string;
  requestId: string;
  details?: unknown;
}

/** One invalid field in a 400 answer's `details`. */
export interface FieldIssue {
  field: string;
  message: string;
}
