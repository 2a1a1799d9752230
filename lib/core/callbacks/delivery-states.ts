// The webhook log's vocabulary, with no imports so the dashboard's client code can use it: the
// states a delivery shows and the kinds of callback the platform sends.

/** The states the log shows (stored 'queued' and 'sending' show as pending; pending after an attempt as retrying). */
export const deliveryStates = ["pending", "retrying", "delivered", "failed", "paused"] as const;
export type DeliveryState = (typeof deliveryStates)[number];

export const callbackKinds = ["sms.status", "campaign.state", "sms.inbound", "pool.inbound", "otp.flow", "email.open", "email.click"] as const;
export type CallbackKind = (typeof callbackKinds)[number];
