// One error class for the whole domain and one catalog mapping each error name to its HTTP
// status, 9-digit code (HTTP status + module + number) and default message. Core code throws
// by name; lib/http renders the envelope. The README's error table is generated from this list.
import { isDatabaseUnreachable } from "../db/errors.ts";

export const errorCatalog = {
  // generic (module 000)
  validation: { status: 400, code: "400000000", message: "Validation Error!" },
  malformedJson: { status: 400, code: "400000001", message: "The request body is not valid JSON." },
  emptyBody: { status: 400, code: "400000002", message: "The request body is empty; a JSON body is required." },
  jsonTooDeep: { status: 400, code: "400000003", message: "The request body nests arrays and objects more than 64 levels deep." },
  idempotencyKeyInvalid: { status: 400, code: "400000004", message: "The Idempotency-Key header must hold 1 to 255 characters." },
  invalidRequest: { status: 400, code: "400000010", message: "The token request is missing a required parameter." },
  unsupportedGrantType: { status: 400, code: "400000011", message: "Only grant_type=client_credentials is supported." },
  invalidScope: { status: 400, code: "400000012", message: "The requested scope is unknown or not allowed to this application." },
  unauthorized: { status: 401, code: "401000000", message: "The access token is missing, invalid, expired or revoked." },
  invalidClient: { status: 401, code: "401000001", message: "Client authentication failed: unknown application or wrong secret." },
  sessionRequired: { status: 401, code: "401000002", message: "Sign in to the dashboard first." },
  forbiddenScope: { status: 403, code: "403000000", message: "The access token lacks the scope this endpoint needs." },
  forbiddenRole: { status: 403, code: "403000001", message: "Your role does not allow this action." },
  platformAdminOnly: { status: 403, code: "403000002", message: "Only platform administrators can use the operator console." },
  crossSiteRequest: { status: 403, code: "403000003", message: "This change was sent by another site, not by the dashboard's own pages." },
  loopbackOnly: { status: 403, code: "403000004", message: "This endpoint answers requests from the server's own machine only." },
  routeNotFound: { status: 404, code: "404000000", message: "No such endpoint." },
  notFound: { status: 404, code: "404000001", message: "Not found." },
  languageNotFound: { status: 404, code: "404000002", message: "Unknown language: use an ISO 639-1 code such as en." },
  methodNotAllowed: { status: 405, code: "405000000", message: "This method is not allowed on this endpoint." },
  conflict: { status: 409, code: "409000000", message: "The request conflicts with existing data." },
  idempotencyKeyInUse: { status: 409, code: "409000001", message: "A request with this Idempotency-Key is still being processed; retry after it has finished." },
  payloadTooLarge: { status: 413, code: "413000000", message: "The request body is too large." },
  unsupportedMediaType: { status: 415, code: "415000000", message: "Send the body as application/json." },
  idempotencyKeyReused: { status: 422, code: "422000000", message: "This Idempotency-Key was used with a different request; use a new key for a new request." },
  rateLimited: { status: 429, code: "429000000", message: "Too many requests; slow down." },
  tooManySignInAttempts: { status: 429, code: "429000001", message: "Too many failed attempts; wait before trying again." },
  internal: { status: 500, code: "500000000", message: "Internal error. The request id identifies it in the server log." },
  databaseUnavailable: { status: 503, code: "503000000", message: "The database cannot be reached right now; try again in a moment (with the same Idempotency-Key)." },
  // sms (module 005)
  invalidSender: { status: 400, code: "400005000", message: "Invalid sender id: use up to 11 letters and digits, or up to 16 digits without '+'." },
  destinationUnsupported: { status: 400, code: "400005001", message: "There is no price for this destination, so it cannot be sent to." },
  callbackUrlRefused: { status: 400, code: "400005002", message: "The callback URL is not allowed: it must be http(s) and not a private or loopback address." },
  trackingRange: { status: 400, code: "400005003", message: "Only a date range within the latest 7 days is accepted." },
  trackingNotFound: { status: 404, code: "404005000", message: "Tracking not found." },
  // report (module 007)
  reportRange: { status: 400, code: "400007001", message: "Invalid report range: startDate must not be after endDate, and the span is at most 5 years." },
  reportParameter: { status: 400, code: "400007002", message: "Invalid report parameter." },
  // campaign (module 009)
  campaignNotFound: { status: 404, code: "404009001", message: "Campaign not found." },
  campaignNotScheduled: { status: 400, code: "400009002", message: "Only a Scheduled campaign can be changed or deleted." },
  campaignNoRecipients: { status: 400, code: "400009004", message: "The campaign has no recipients: its groups are empty or all its contacts are blacklisted." },
  campaignNameTaken: { status: 409, code: "409009003", message: "The account already has a campaign with that name." },
  // numbers (module 010)
  numberNotAvailable: { status: 404, code: "404010001", message: "The number is not in the catalogue of available numbers." },
  numberTaken: { status: 409, code: "409010002", message: "The number is rented by another account." },
  numberAlreadyRented: { status: 409, code: "409010003", message: "You already rent this number." },
  numberNotFound: { status: 404, code: "404010004", message: "You do not rent this number." },
  numberInPool: { status: 409, code: "409010005", message: "The number is in a pool: remove it from the pool before cancelling it." },
  // pools (module 012)
  poolNotFound: { status: 404, code: "404012001", message: "Pool not found." },
  poolNameTaken: { status: 409, code: "409012002", message: "The account already has a pool with that name." },
  numberInOtherPool: { status: 409, code: "409012003", message: "The number is already in another pool." },
  poolHasNoNumber: { status: 400, code: "400012004", message: "The pool has no number that can send SMS: add rented numbers to it first." },
  poolNoAlphanumericSender: { status: 400, code: "400012005", message: "poolStrategy Alphanumeric needs the pool's smsSettings.alphanumericSenderId." },
  // otp failover (module 011)
  otpFlowNotFound: { status: 404, code: "404011000", message: "Failover flow not found." },
  otpCodeExpired: { status: 400, code: "400011002", message: "The code has expired; send a new one." },
  otpTooManyAttempts: { status: 400, code: "400011003", message: "Too many wrong codes for this flow; send a new one." },
  otpAlreadyVerified: { status: 409, code: "409011004", message: "This flow's code was already verified." },
  // 2step (module 017)
  twoStepNotFound: { status: 404, code: "404017001", message: "2Step verification not found." },
  twoStepAlreadyVerified: { status: 409, code: "409017002", message: "This verification was already verified; start a new one." },
  twoStepNotPending: { status: 409, code: "409017003", message: "Only a Pending verification can be cancelled." },
  otpFlowFailed: { status: 400, code: "400011005", message: "This flow failed: its code was never delivered, so it cannot be verified; send a new one." },
  // email (module 014)
  emailNotFound: { status: 404, code: "404014000", message: "Email not found." },
  // carriers and routing (module 015)
  connectorNotFound: { status: 404, code: "404015001", message: "Connector not found." },
  connectorNameTaken: { status: 409, code: "409015002", message: "A connector with this name already exists." },
  connectorInUse: { status: 409, code: "409015003", message: "Routes send through this connector: take it out of them, or delete them, first." },
  routingRuleNotFound: { status: 404, code: "404015004", message: "Route not found." },
  // contact (module 002)
  contactNotFound: { status: 404, code: "404002001", message: "The contact does not exist." },
  groupNotFound: { status: 404, code: "404002003", message: "The group does not exist." },
  contactOrGroupExists: { status: 409, code: "409002005", message: "A contact with this mobile, or a group with this name, already exists." },
  invalidLabels: { status: 400, code: "400002006", message: "Invalid labels: a value does not fit its label's type, or an item is malformed." },
  invalidGroupFilters: { status: 400, code: "400002007", message: "Invalid group filters." },
  labelExists: { status: 409, code: "409002011", message: "A label with this name already exists." },
  labelNotFound: { status: 404, code: "404002012", message: "Unknown label: create it with POST /contacts/labels/my first." },
  duplicateContactLabels: { status: 409, code: "409002013", message: "The contact's labels name the same label more than once." },
  repeatedLabelName: { status: 400, code: "400002014", message: "The same label name appears more than once in the request." },
  // account (module 001)
  accountNotFound: { status: 404, code: "404001001", message: "Account not found." },
  insufficientBalance: { status: 400, code: "400001009", message: "Not enough balance." },
  emailTaken: { status: 409, code: "409001002", message: "A user with this email already exists." },
  wrongPassword: { status: 400, code: "400001010", message: "The current password is not right." },
  userNotFound: { status: 404, code: "404001003", message: "The user does not exist." },
  lastOwner: { status: 409, code: "409001004", message: "The account must keep at least one owner." },
  selfChange: { status: 409, code: "409001005", message: "You cannot change your own role or remove yourself; ask another owner." },
  accountSuspended: {
    status: 403,
    code: "403001006",
    message: "The account is suspended by the platform operator: its API tokens and dashboard users are refused until the operator reactivates it.",
  },
  adminAccountSuspension: { status: 409, code: "409001007", message: "An account with a platform administrator cannot be suspended: it would lock the operator out." },
  // two-factor sign-in (lib/core/two-factor)
  wrongTwoFactorCode: { status: 400, code: "400001011", message: "The code is not right: enter the current 6-digit code of your authenticator app." },
  twoFactorNotStarted: { status: 409, code: "409001012", message: "Start setting up two-factor sign-in first; its code is not waiting for confirmation." },
  twoFactorAlreadyOn: { status: 409, code: "409001013", message: "Two-factor sign-in is already on: turn it off first to set up another authenticator." },
  secondFactorNeeded: { status: 401, code: "401001015", message: "Two-factor sign-in is on: send the 6-digit code of your authenticator app or a recovery code." },
  twoFactorSetupRequired: { status: 403, code: "403001016", message: "The account requires two-factor sign-in: set it up first (Settings, or the page the dashboard opens after signing in)." },
  twoFactorRequiredByOwner: { status: 409, code: "409001014", message: "An owner of the account requires two-factor sign-in, so it cannot be turned off." },
  twoFactorOff: { status: 409, code: "409001015", message: "Two-factor sign-in is off: recovery codes come with turning it on." },
} as const satisfies Record<string, { status: number; code: string; message: string }>;

export type ErrorName = keyof typeof errorCatalog;

export type ErrorItem = { code: string; developerMessage: string; property?: unknown; errorCode?: string };

export interface DomainErrorDetails {
  message?: string;
  /** The offending field, or the invalid values. */
  property?: unknown;
  /** Routee's field → message map. */
  properties?: Record<string, string>;
  errors?: ErrorItem[];
  entity?: string;
  value?: unknown;
  /** Extra headers for the answer (e.g. WWW-Authenticate). */
  headers?: Record<string, string>;
}

export class DomainError extends Error {
  readonly name = "DomainError";
  constructor(
    readonly kind: ErrorName,
    readonly details: DomainErrorDetails = {},
  ) {
    super(details.message ?? errorCatalog[kind].message);
  }
  get status(): number {
    return errorCatalog[this.kind].status;
  }
  get code(): string {
    return errorCatalog[this.kind].code;
  }
}

export function fail(kind: ErrorName, details?: DomainErrorDetails | string): never {
  throw new DomainError(kind, typeof details === "string" ? { message: details } : details);
}

/**
 * An error that only says the database cannot be reached at the moment (a restart, a failover, a
 * dropped connection, no connection slot left), as a 503 `databaseUnavailable` with Retry-After
 * instead of a 500; null for any other error. Looks through the driver adapter's wrapping.
 */
export function databaseUnavailable(err: unknown): DomainError | null {
  return isDatabaseUnreachable(err) ? new DomainError("databaseUnavailable", { headers: { "Retry-After": "1" } }) : null;
}
