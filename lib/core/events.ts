// Domain events: how one capability tells the others that something happened to it without
// knowing who cares. sms publishes "sms.status" when messages change status; campaigns and OTP
// subscribe; accounts publish "account.state" when the operator suspends or reactivates one, and
// campaigns note it on their timelines (lib/server/reactions.ts lists the subscribers). A subscriber runs inside the
// publisher's transaction when there is one, so whatever it enqueues commits with the change.
import type { Ctx, Tx } from "./context.ts";

/** A message whose status changed (its derived status, after the part's change). */
export interface MessageStatusChanged {
  messageId: string;
  accountId: string;
  campaignId: string | null;
  /** The message's label: capabilities that send SMS of their own mark them there (OTP: "otp:…"). */
  label: string;
  status: string;
  /** The message has its final status. */
  final: boolean;
}

/** The platform operator suspended an account, or reactivated it (accounts/suspend-account.ts, resume-account.ts). */
export interface AccountStateChanged {
  accountId: string;
  suspended: boolean;
  /** The operator's reason for a suspension ("" when none was given, and on reactivation). */
  reason: string;
}

/** Every event, by name, with what its subscribers are handed. */
export interface DomainEvents {
  "sms.status": MessageStatusChanged;
  "account.state": AccountStateChanged;
}

export type EventName = keyof DomainEvents;

export interface Subscriber<K extends EventName = EventName> {
  event: K;
  /** For logs and tests. */
  name: string;
  /**
   * Whether this subscriber must run in the change's transaction for this event (it enqueues a
   * job that must commit with the change). Publishers that record changes set-wise, outside a
   * Prisma transaction, send the events that need one through the one-by-one path instead.
   */
  needsTransaction?(event: DomainEvents[K]): boolean;
  /** tx is null when the change was recorded and committed by a set-wise statement. */
  handle(ctx: Ctx, tx: Tx | null, event: DomainEvents[K]): Promise<void> | void;
}

export interface Events {
  publish<K extends EventName>(ctx: Ctx, tx: Tx | null, name: K, event: DomainEvents[K]): Promise<void>;
  /** Whether any subscriber of `name` needs the change's transaction for this event. */
  needsTransaction<K extends EventName>(name: K, event: DomainEvents[K]): boolean;
}

/** The bus for a fixed list of subscribers (built once by the composition root). */
export function eventBus(subscribers: readonly Subscriber[]): Events {
  const byEvent = new Map<EventName, Subscriber[]>();
  for (const s of subscribers) byEvent.set(s.event, [...(byEvent.get(s.event) ?? []), s]);
  return {
    async publish(ctx, tx, name, event) {
      for (const s of byEvent.get(name) ?? []) await s.handle(ctx, tx, event);
    },
    needsTransaction(name, event) {
      return (byEvent.get(name) ?? []).some((s) => s.needsTransaction?.(event) ?? false);
    },
  };
}
