// Standard Webhooks signatures (webhook-id, webhook-timestamp, webhook-signature): the receiver
// recomputes HMAC-SHA256 over "id.timestamp.body" with the account's webhook secret.
import crypto from "node:crypto";

export function signatureHeaders(secret: string, id: string, body: string, at: Date): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000).toString();
  const mac = crypto.createHmac("sha256", Buffer.from(secret, "base64")).update(`${id}.${timestamp}.${body}`).digest("base64");
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${mac}` };
}
