// The SMS carrier seen by the rest of Switchboard: submit one part, hear about receipts and
// mobile-originated messages. The SMPP implementation lives in smpp-carrier.ts; the bundled
// SMSC simulator (smsc-simulator.ts) sits behind the same wire protocol.

export type Encoding = "gsm7" | "ucs2";

export interface SubmitPart {
  partId: string; // our id for this part (smsId), for logs
  from: string; // sender: alphanumeric (<=11) or digits (<=16)
  to: string; // destination E.164 with '+'
  text: string; // this part's text (already split by the caller)
  encoding: Encoding;
  concat?: { ref: number; total: number; seq: number }; // UDH concatenation (8-bit ref IE 0x00) when the message has several parts
  flash: boolean; // message class 0
  validityMinutes: number; // validity_period from ttl (relative format "YYMMDDhhmmss000R")
}

export type SubmitResult =
  | {
      ok: true;
      /** Canonical (message-id.ts): lower case, no leading zeros. */
      smscMessageId: string;
      /** An earlier copy went out on a connection that died before its answer: the SMSC may have taken it twice. */
      possibleDuplicate?: true;
    }
  | {
      ok: false;
      commandStatus: number;
      description: string;
      retryable: boolean;
      /** The submit_sm went out but no answer came: the SMSC may have taken it, so sending it again may duplicate it. */
      maybeAccepted?: true;
    };

/** What decides a part's route (lib/core/routing): who sends what kind of message where. */
export interface RouteKey {
  accountId: string;
  kind: MessageKind;
  /** ISO 3166 alpha-2 of the destination. */
  country: string;
  /** MCC-MNC of the destination network, when known. */
  network?: string;
}
export type MessageKind = "single" | "campaign" | "otp" | "pool";

/** A connector that refused a part before the one that took it (or before the part gave up). */
export interface RouteHop {
  connector: string;
  description: string;
}

/** What a routing carrier adds to a submit's result: who carried the part, at what cost, after which refusals. */
export interface RoutedResult {
  connectorId?: string;
  connector?: string;
  costMicros?: bigint;
  hops?: RouteHop[];
}

export interface SubmitOptions {
  /** The part's route (a carrier that routes between connectors reads it; a single connection ignores it). */
  route?: RouteKey;
  /**
   * Asked just before the submit_sm is written: true drops it (resolved retryable, not sent) —
   * for a job that has lost its lease while the part waited for a window slot.
   */
  cancelled?: () => boolean;
}

export interface DeliveryReceipt {
  /** Canonical (message-id.ts). */
  smscMessageId: string;
  /** The id read in the other base (decimal ↔ hex), tried when the canonical one matches nothing. */
  alternateIds?: string[];
  stat: string;
  err: string;
  submitDate?: Date;
  doneDate?: Date;
  raw: string;
}

/** A deliver_sm that is not a receipt (mobile-originated). */
export interface InboundMessage {
  from: string;
  to: string;
  text: string;
  receivedAt: Date;
}

export interface Carrier {
  submit(part: SubmitPart, options?: SubmitOptions): Promise<SubmitResult & RoutedResult>;
  /** deliver_sm is acknowledged only after the handler resolves (a crash doesn't lose a receipt: the SMSC redelivers). */
  onReceipt(handler: (r: DeliveryReceipt) => Promise<void>): void;
  onInbound(handler: (m: InboundMessage) => Promise<void>): void;
  stats(): { binds: number; connected: number; inFlight: number; window?: number /** Per bind; absent or Infinity: no limit. */; submitsPerSecond?: number };
  /** Live health for the operator's console (workers write it to the database); absent on carriers that have none. */
  status?(): CarrierStatus;
  close(): Promise<void>;
}

/**
 * One session to the SMSC. "connecting": trying, nothing has failed yet; "down": not bound and
 * the last attempt failed or the session was lost (it keeps trying); `since`: when it entered
 * that state.
 */
export interface BindStatus {
  index: number;
  kind: "trx" | "tx" | "rx";
  state: "bound" | "connecting" | "down";
  /** The latest failure (kept once the bind is bound again: "since" tells them apart). */
  lastError?: string;
  since: Date;
  /** submit_sm written and not answered yet. */
  inFlight: number;
}

/** Counters since the carrier started: rates come from differences between two readings. */
export interface CarrierCounters {
  /** submit_sm written (a resend after a lost connection counts again). */
  submitted: number;
  /** submit_sm_resp ESME_ROK. */
  accepted: number;
  /** Any other answer but throttling (generic_nack included). */
  refused: number;
  /** ESME_RTHROTTLED answers. */
  throttled: number;
  /** submit_sm that got no answer in time (the SMSC may have taken them). */
  unanswered: number;
  /** Delivery receipts handled and acknowledged (a deliver_sm the SMSC must send again counts when it is). */
  receipts: number;
  /** Mobile-originated messages handled and acknowledged. */
  inbound: number;
}

export interface CarrierStatus {
  startedAt: Date;
  binds: BindStatus[];
  /** Outstanding submit_sm allowed per sending bind. */
  window: number;
  /** Submits waiting for a window slot. */
  queued: number;
  counters: CarrierCounters;
  /** submit_sm → submit_sm_resp over the latest answers (up to 1 000); null before the first. */
  latencyMs: { mean: number; p95: number; samples: number } | null;
}

export type CarrierLogLevel = "debug" | "info" | "warn" | "error";
export type CarrierLog = (level: CarrierLogLevel, msg: string, fields?: Record<string, unknown>) => void;
