// An error answer of the campaign API, placed next to the field it concerns: by the field names
// of its `properties`, else by its code. Answers false when it belongs to no field.
import type { UseFormReturn } from "react-hook-form";
import type { CampaignForm } from "@/lib/schemas/dashboard-campaigns";
import { ApiError } from "@/lib/ui/api-client";

type FieldName = keyof CampaignForm;

const byProperty: Record<string, FieldName> = {
  campaignName: "campaignName",
  from: "from",
  body: "body",
  to: "numbers",
  contacts: "contacts",
  groups: "groups",
  scheduledDate: "scheduledAt",
  reminder: "reminder",
  "reminder.to": "reminderTo",
  "reminder.minutesBefore": "reminderMinutesBefore",
  ttl: "ttl",
  callback: "callbackUrl",
  "callback.url": "callbackUrl",
  campaignCallback: "campaignCallbackUrl",
  "campaignCallback.url": "campaignCallbackUrl",
};

const byCode: Record<string, FieldName> = {
  "409009003": "campaignName", // the name is taken
  "404002001": "contacts", // a contact is gone
  "404002003": "groups", // a group is gone
  "400009004": "groups", // nobody left after the blacklist
  "400005001": "groups", // no price for some recipient's country
};

/** The sentence for an error without a field of its own. */
export function errorText(err: unknown): string {
  if (!(err instanceof ApiError)) return "Something went wrong. Try again.";
  if (err.code === "400005000" && /invalid data/i.test(err.message)) return "Some numbers are not valid mobile numbers: fix them, or choose to leave them out.";
  if (err.code === "400005000" && /no recipients/i.test(err.message)) return "Pick at least one group, contact or number.";
  if (err.code === "400001009") return "Not enough balance for this campaign. Top up, or send to fewer recipients.";
  return Object.values(err.properties)[0] ?? err.message;
}

export function placeApiError(form: UseFormReturn<CampaignForm>, err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  let placed = false;
  for (const [key, text] of Object.entries(err.properties)) {
    const field = byProperty[key];
    if (!field) continue;
    form.setError(field, { type: "server", message: key === "from" && text === "Invalid sender id" ? "Not a valid sender: up to 11 letters and digits, or up to 16 digits" : text });
    placed = true;
  }
  if (placed) return true;
  const field = err.code === "400005000" ? (/invalid data/i.test(err.message) ? "numbers" : "groups") : byCode[err.code];
  if (!field) return false;
  form.setError(field, { type: "server", message: errorText(err) });
  return true;
}
