// SMS statuses of the spec, how SMSC delivery receipts map onto them, and how a message's
// status follows from its parts. Pure: no context.

export const smsStatuses = ["Queued", "Sent", "Failed", "Unsent", "Delivered", "Undelivered"] as const;
export type SmsStatus = (typeof smsStatuses)[number];

export const finalStatuses: ReadonlySet<string> = new Set(["Failed", "Unsent", "Delivered", "Undelivered"]);
export const isFinal = (status: string): boolean => finalStatuses.has(status);

export interface StatusChange {
  status: SmsStatus;
  detailedStatus: string;
  description: string;
}

export const queued: StatusChange = { status: "Queued", detailedStatus: "", description: "Accepted and queued for sending" };
export const sentToCarrier: StatusChange = { status: "Sent", detailedStatus: "Sent", description: "Sent to the carrier" };
export const expired: StatusChange = { status: "Undelivered", detailedStatus: "Expired", description: "Not delivered within the message's ttl" };

/** A rejected submit_sm: the carrier refused the message. */
export function rejected(reason: string): StatusChange {
  return { status: "Failed", detailedStatus: "Failed", description: `Rejected by the carrier: ${reason}` };
}

export function unsent(reason: string): StatusChange {
  return { status: "Unsent", detailedStatus: "Failed", description: reason };
}

// SMPP receipt `stat` and the GSM error of `err` to the spec's detailed statuses.
const undeliveredByError: Record<string, [string, string]> = {
  "001": ["Unknown Number", "The number is not in use"],
  "002": ["Roaming", "The recipient is roaming and could not be reached"],
  "008": ["Roaming", "The recipient is roaming where SMS is not allowed"],
  "013": ["Call Barred", "The recipient's line is barred from receiving SMS"],
  "027": ["Undelivered on Handset", "The handset did not accept the message"],
  "031": ["Undelivered on Handset", "The handset memory is full"],
};

export function receiptStatus(stat: string, err: string): StatusChange {
  const code = err.padStart(3, "0").slice(-3);
  switch (stat.toUpperCase()) {
    case "DELIVRD":
      return { status: "Delivered", detailedStatus: "Delivered", description: "Delivered to the handset" };
    case "EXPIRED":
      return { status: "Undelivered", detailedStatus: "Expired", description: "The carrier could not deliver within the validity period" };
    case "REJECTD":
      return { status: "Failed", detailedStatus: "Carrier Violation", description: `The carrier rejected the message (error ${code})` };
    case "UNDELIV": {
      const [detailed, description] = undeliveredByError[code] ?? ["Undelivered", `Undelivered (carrier error ${code})`];
      return { status: "Undelivered", detailedStatus: detailed, description };
    }
    case "DELETED":
      return { status: "Undelivered", detailedStatus: "Undelivered", description: "The carrier deleted the message" };
    case "ACCEPTD":
    case "ENROUTE":
      return sentToCarrier;
    default:
      return { status: "Undelivered", detailedStatus: "Unknown Status", description: `The carrier reported ${stat || "nothing"}` };
  }
}

/** The message's status from its parts' statuses. */
export function deriveMessageStatus(parts: readonly string[]): SmsStatus {
  if (parts.length === 0) return "Queued";
  if (parts.every((s) => s === "Delivered")) return "Delivered";
  if (parts.every(isFinal)) {
    if (parts.includes("Undelivered") || parts.includes("Delivered")) return "Undelivered";
    if (parts.includes("Failed")) return "Failed";
    return "Unsent";
  }
  return parts.some((s) => s !== "Queued") ? "Sent" : "Queued";
}

/** Seconds from a message's creation to its part's final status; 0 while it has none. */
export function latencySeconds(createdAt: Date, doneAt: Date | null): number {
  return doneAt ? Math.max(0, (doneAt.getTime() - createdAt.getTime()) / 1000) : 0;
}
