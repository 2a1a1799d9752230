// Who reacts to the domain's events: a new reaction to a message's status change is one
// subscriber in this list. Built once per process and database (context.ts), since a subscriber
// may keep state (campaign progress batches the campaigns it hears of).
import type { Subscriber } from "../core/events.ts";
import { campaignProgress } from "../core/campaigns/advance-campaign.ts";
import { otpSmsReaction } from "../core/otp/sms-hook.ts";
import { accountStateNotes } from "../core/campaigns/note-account-state.ts";

export function reactions(): Subscriber[] {
  return [campaignProgress(), otpSmsReaction, accountStateNotes] as Subscriber[];
}
