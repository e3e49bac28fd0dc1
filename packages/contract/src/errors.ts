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
  'maintenance.notFound': { status: 404, message: 'Maintenance not found' },
  'maintenance.executionNotFound': { status: 404, message: 'The maintenance has no such execution' },
  'maintenance.taskNotRunning': {
    status: 409,
    message: 'An execution can be started only while the maintenance is Running',
  },
  'maintenance.executionStatusForbids': {
    status: 409,
    message: 'The execution does not allow this action in its current status',
  },
  'maintenance.alreadyClosed': { status: 409, message: 'The maintenance is already Closed' },
  'maintenance.invalidWindow': { status: 400, message: 'The maintenance window is invalid' },
  'maintenance.clusterNotInProject': { status: 400, message: 'A cluster does not belong to the project' },
  'maintenance.clusterNotMaintainable': { status: 400, message: 'A deleted cluster cannot be maintained' },
  'maintenance.overlap': {
    status: 409,
    message: 'A cluster is already in another maintenance whose window overlaps this one',
  },
  'maintenance.windowOpen': {
    status: 409,
    message: 'The cluster is inside an open maintenance window; work on it waits until the window ends',
  },
  'jump.notFound': { status: 404, message: 'Jump authorization not found' },
  'jump.statusForbids': {
    status: 409,
    message: 'The jump authorization does not allow this action in its current status',
  },
  'jump.clusterUnavailable': { status: 400, message: 'The cluster cannot be reached through the jump server' },
  'jump.userUnavailable': { status: 400, message: 'The jumpserver user does not exist or is inactive' },
  'jump.alreadyOpen': {
    status: 409,
    message: 'An authorization for this cluster and jumpserver user is already approving or active',
  },
  'jump.serverUnavailable': { status: 502, message: 'The jump server could not be reached' },
  'notification.notFound': { status: 404, message: 'Notification workflow not found' },
  'notification.nameTaken': { status: 409, message: 'A notification workflow with this name already exists' },
  'notification.statusForbids': {
    status: 409,
    message: 'The notification workflow does not allow this action in its current state',
  },
  'notification.inboxItemNotFound': { status: 404, message: 'Notification not found' },
  'userbehavior.notFound': { status: 404, message: 'User-behaviour subscription not found' },
  'userbehavior.stateForbids': {
    status: 409,
    message: 'The user-behaviour subscription does not allow this action in its current state',
  },
  'userbehavior.tenantNotFound': { status: 400, message: 'The tenant does not exist' },
  'userbehavior.chatNotFound': { status: 400, message: 'The chat is not registered' },
  'userbehavior.chatExists': { status: 409, message: 'A chat with this name is already registered' },
  'userbehavior.eventTypeNotSubscribed': {
    status: 400,
    message: 'The subscription does not subscribe to this event type',
  },
  'release.notFound': { status: 404, message: 'Release not found' },
  'release.changeNotFound': { status: 404, message: 'The release has no such change' },
  'release.ticketNotFound': { status: 404, message: 'The release has no such ticket' },
  'release.pullNotFound': { status: 404, message: 'The code host has no such pull request' },
  'release.actionNotAllowed': {
    status: 409,
    message: 'The release change does not allow this action in its current status',
  },
  'release.phaseForbids': { status: 409, message: 'The release does not allow this action in its current phase' },
  'release.notReady': { status: 409, message: 'The release change is not ready to deploy' },
  'release.changesNotReady': {
    status: 409,
    message: 'Every change of the release must be ready before its approval is requested',
  },
  'release.approvalRequired': {
    status: 409,
    message: 'A production release is deployed only after its approval is granted',
  },
  'release.ticketExists': { status: 409, message: 'The release already has a ticket with this name' },
  'release.ticketTransition': { status: 409, message: 'The ticket cannot move to this status from its current one' },
  'release.unknownCluster': { status: 400, message: 'A target cluster does not exist' },
  'release.canaryNotTarget': { status: 400, message: 'Canary clusters must be among the target clusters' },
  'release.codehostUnavailable': { status: 502, message: 'The code host could not be reached' },
  'issueTracker.issueNotFound': { status: 404, message: 'The issue tracker has no such issue' },
  'issueTracker.subjectNotFound': { status: 404, message: 'The object to link the issue to does not exist' },
  'issueTracker.linkNotFound': { status: 404, message: 'Issue link not found' },
  'issueTracker.alreadyLinked': { status: 409, message: 'The issue is already linked to this object' },
  'issueTracker.unavailable': { status: 502, message: 'The issue tracker could not be reached' },
  'incident.notFound': { status: 404, message: 'Incident not found' },
  'incident.todoNotFound': { status: 404, message: 'The incident has no such todo action' },
  'incident.statusForbids': {
    status: 409,
    message: 'The incident cannot move to this status from its current one',
  },
  'incident.unknownTenant': { status: 400, message: 'An affected tenant does not exist' },
  'incident.unknownCluster': { status: 400, message: 'An affected cluster does not exist' },
  'incident.unknownUser': { status: 400, message: 'The commander or owner is not a portal user' },
  'incident.invalidStartTime': { status: 400, message: 'The start time is invalid' },
  'sla.clusterNotFound': { status: 404, message: 'No such dedicated cluster' },
  'sla.monthOutOfRange': { status: 400, message: 'The month is outside the SLA history' },
  'metrics.badQuery': { status: 400, message: 'The metrics query is invalid' },
  'metrics.limitExceeded': { status: 400, message: 'The metrics query reads more data than allowed' },
  'metrics.unavailable': { status: 502, message: 'The metrics source (Prometheus) could not be reached' },
  'aiops.issueNotFound': { status: 404, message: 'AIOps issue not found' },
  'aiops.reportNotFound': { status: 404, message: 'AIOps report not found' },
  'aiops.actionNotAllowed': { status: 409, message: 'The AIOps issue does not allow this action in its status' },
  'remediation.notFound': { status: 404, message: 'Remediation ticket not found' },
  'remediation.statusForbids': {
    status: 409,
    message: 'The remediation ticket does not allow this action in its current status',
  },
  'remediation.invalidParameter': { status: 400, message: 'A parameter of the remediation action is invalid' },
  'remediation.clusterUnavailable': { status: 400, message: 'The cluster cannot be remediated' },
  'remediation.incidentNotFound': { status: 400, message: 'The incident does not exist' },
  'k8s.notFound': { status: 404, message: 'Kubernetes cluster not found' },
  'k8sUpgrade.notFound': { status: 404, message: 'Kubernetes upgrade task not found' },
  'k8sUpgrade.clusterNotInTask': { status: 404, message: 'The upgrade task has no such Kubernetes cluster' },
  'k8sUpgrade.actionNotAllowed': {
    status: 409,
    message: 'The upgrade task does not allow this action in its current status',
  },
  'k8sUpgrade.clusterNotExcludable': {
    status: 409,
    message: 'Only a Kubernetes cluster whose upgrade has not started can be excluded',
  },
  'k8sUpgrade.unknownCluster': { status: 400, message: 'A Kubernetes cluster of the task does not exist' },
  'k8sUpgrade.versionNotAbove': {
    status: 409,
    message: 'The target version must be above the current version of every Kubernetes cluster of the task',
  },
  'k8sUpgrade.clusterInOpenTask': {
    status: 409,
    message: 'A Kubernetes cluster is already in another open upgrade task',
  },
  'k8sUpgrade.nothingToUpgrade': { status: 409, message: 'No Kubernetes cluster is left to upgrade' },
  'k8sUpgrade.upgradesInFlight': {
    status: 409,
    message: 'Upgrades of this task are still running; wait for them to end',
  },
  'clusterAlert.notFound': { status: 404, message: 'The cluster has no such alert' },
  'clusterAlert.actionNotAllowed': {
    status: 409,
    message: 'The alert does not allow this action in its current state',
  },
  'clusterAlert.sourceUnavailable': { status: 502, message: 'The alert source (Alertmanager) could not be reached' },
  'clusterTopology.pdUnavailable': { status: 502, message: "The cluster's PD could not be reached" },
  'monitoring.reportNotFound': { status: 404, message: 'Component-diff report not found' },
  'monitoring.reportActionNotAllowed': {
    status: 409,
    message: 'The component-diff report does not allow this action in its current status',
  },
  'monitoring.reportInProgress': {
    status: 409,
    message: 'A component-diff report of the same scope is still being generated',
  },
  'monitoring.unknownTenant': { status: 400, message: "The report's tenant does not exist" },
  'monitoring.o11yClusterNotFound': { status: 404, message: 'O11y cluster not found' },
  // Issue 15, billing accounts: contracts, payments, subscriptions, budgets, partner billing configs, tenant closing.
  'billingaccounts.contractNotFound': { status: 404, message: 'Contract not found' },
  'billingaccounts.contractActionNotAllowed': {
    status: 409,
    message: 'The contract does not allow this action in its current status',
  },
  'billingaccounts.contractNotEditable': { status: 409, message: 'Only a draft contract can be edited' },
  'billingaccounts.contractOverlap': {
    status: 409,
    message: 'Another contract of the same type is in force for the tenant over the same period',
  },
  'billingaccounts.contractNotEnded': { status: 409, message: 'The contract has not reached its end date yet' },
  'billingaccounts.contractEnded': { status: 409, message: 'The contract ended already: it cannot be activated' },
  'billingaccounts.tenantClosed': { status: 409, message: 'The tenant is closing or closed' },
  'billingaccounts.unknownBillingCompany': { status: 400, message: 'No such billing company' },
  'billingaccounts.closingActionNotAllowed': {
    status: 409,
    message: "The tenant's closing does not allow this action in its current status",
  },
  'billingaccounts.closeTooSoon': { status: 400, message: "The close cannot be sooner than the reason's grace period" },
  'billingaccounts.subscriptionNotFound': { status: 404, message: 'Marketplace subscription not found' },
  'billingaccounts.subscriptionActionNotAllowed': {
    status: 409,
    message: 'The marketplace subscription does not allow this action in its current status',
  },
  'billingaccounts.subscriptionInUse': {
    status: 409,
    message: "The subscription is the tenant's active payment method: set up another one first",
  },
  'billingaccounts.budgetNotFound': { status: 404, message: 'Budget not found' },
  'billingaccounts.paymentMethodUnavailable': {
    status: 400,
    message: "The payment method is not one of the tenant's at the payment provider",
  },
  'billingaccounts.paymentSetupInvalid': { status: 400, message: 'The payment method set-up is incomplete' },
  'billingaccounts.paymentProviderUnavailable': { status: 502, message: 'The payment provider could not be reached' },
  'billingaccounts.unknownReseller': { status: 400, message: 'The reseller is not a tenant of the portal' },
  'billingaccounts.unknownTenant': { status: 400, message: 'The tenant does not exist' },
  'billingaccounts.partnerConfigOverlap': {
    status: 409,
    message: 'The tenant already has a partner billing config effective on that date',
  },
  // Issue 16, partners: MSPs, CPPO / MCPO resellers, resellers, their customer links and API keys.
  'partners.notFound': { status: 404, message: 'Partner not found' },
  'partners.wrongType': { status: 400, message: 'The org is not a partner of that type' },
  'partners.nameTaken': { status: 409, message: 'An MSP with this name already exists' },
  'partners.customerNotFound': { status: 404, message: 'Partner customer link not found' },
  'partners.unknownCustomer': { status: 400, message: 'The customer org does not exist' },
  'partners.customerIsPartner': { status: 400, message: 'A partner org cannot be a customer of a partner' },
  'partners.alreadyLinked': {
    status: 409,
    message: 'The customer is already linked to a partner from that date: end that link first',
  },
  'partners.linkEnded': { status: 409, message: 'The link has ended already' },
  'partners.apiKeyNotFound': { status: 404, message: 'API key not found' },
  'partners.apiKeyRevoked': { status: 409, message: 'The API key is revoked already' },
  'partners.logoNotFound': { status: 404, message: 'Logo not found' },
  'partners.logoInvalid': { status: 400, message: 'The file is not a usable SVG image' },
  // Issue 15, billing: invoices, support plans, risk levels, discounts, credits, fx and tax rates, usage.
  'billing.invoiceNotFound': { status: 404, message: 'Invoice not found' },
  'billing.invoiceActionNotAllowed': {
    status: 409,
    message: 'The invoice does not allow this action in its current status',
  },
  'billing.invoiceFrozen': {
    status: 409,
    message: "The month's invoice is confirmed or suspended: its usage can no longer change",
  },
  'billing.billingConfigNotFound': { status: 404, message: 'Billing config not found' },
  'billing.noBillingConfig': { status: 409, message: 'The tenant has no billing config' },
  'billing.unknownTenant': { status: 400, message: 'The tenant does not exist' },
  'billing.unknownUnit': { status: 400, message: 'The unit is not in the price list' },
  'billing.unknownUnitFilter': { status: 400, message: 'The unit filter does not exist' },
  'billing.monthInFuture': { status: 400, message: 'Usage cannot be reported for a month that has not started' },
  'billing.arMonthNotAllowed': { status: 400, message: 'The month cannot be after last month' },
  'billing.riskLevelNotFound': { status: 404, message: 'Credit risk level not found' },
  'billing.riskLevelExists': { status: 409, message: 'A credit risk level with this name already exists' },
  'billing.riskLevelInUse': { status: 409, message: 'The credit risk level is assigned to tenants' },
  'billing.supportPlanNotFound': { status: 404, message: 'Support plan not found' },
  'billing.boundPlanNotFound': { status: 404, message: 'Bound support plan not found' },
  'billing.boundPlanActionNotAllowed': {
    status: 409,
    message: 'Only an active or to_be_activated support plan can be cancelled or disabled',
  },
  'billing.boundPlanPending': {
    status: 409,
    message: 'The tenant already has a support plan to be activated: cancel it first',
  },
  'billing.noCurrentPlan': { status: 409, message: 'The tenant has no active or to_be_activated support plan' },
  'billing.discountNotFound': { status: 404, message: 'Discount not found' },
  'billing.discountActionNotAllowed': { status: 409, message: 'Only a valid discount can be reclaimed' },
  'billing.globalDiscountNotFound': { status: 404, message: 'Global discount not found' },
  'billing.globalDiscountActionNotAllowed': { status: 409, message: 'Only a valid global discount can be deleted' },
  'billing.creditNotFound': { status: 404, message: 'Credit not found' },
  'billing.creditActionNotAllowed': { status: 409, message: 'Only a valid credit with a balance can be reclaimed' },
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
