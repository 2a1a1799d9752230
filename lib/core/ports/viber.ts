// The Viber channel as the OTP flows see it: send one OTP message, hear its status reports.
// The bundled simulator (simulator.ts) implements it; a real provider adapter replaces it.

export interface ViberOtpMessage {
  /** Our step id, for the provider's logs. */
  reference: string;
  /** Destination, E.164 with '+'. */
  to: string;
  text: string;
  ttlSeconds: number;
  sender?: string;
  templateId?: string;
}

export type ViberSendResult = { ok: true; providerMessageId: string } | { ok: false; error: string; retryable: boolean };

/** Viber's final statuses, as providers report them. */
export type ViberReportStatus = "DELIVERED" | "SEEN" | "EXPIRED" | "FAILED" | "UNDELIVERED";

export interface ViberStatusReport {
  providerMessageId: string;
  status: ViberReportStatus;
  at: Date;
  description?: string;
}

export interface ViberProvider {
  readonly name: string;
  send(message: ViberOtpMessage): Promise<ViberSendResult>;
  /** A report is acknowledged once the handler resolves; a rejected one is reported again. */
  onStatus(handler: (report: ViberStatusReport) => Promise<void>): void;
  close(): Promise<void>;
}
