// An SMS sent over HTTP crosses the SMPP connection to the bundled simulator, reaches Delivered,
// and its delivery report arrives at a receiver on this machine.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { test, expect } from "../fixtures/test";

test("send an SMS, see it delivered, receive its delivery report", async ({ request, demo }) => {
  const reports: any[] = [];
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      reports.push({ body: JSON.parse(body), signature: req.headers["webhook-signature"] });
      res.end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/dlr`;
  try {
    const basic = `Basic ${Buffer.from(`${demo.applicationId}:${demo.applicationSecret}`).toString("base64")}`;
    const token = (await (await request.post("/api/oauth/token", { headers: { Authorization: basic }, form: { grant_type: "client_credentials", scope: "sms" } })).json()).access_token;
    const auth = { Authorization: `Bearer ${token}` };
    const sent = await request.post("/api/sms", { headers: auth, data: { from: "Switchboard", to: "+306912345678", body: "Hello from the e2e test", callback: { url, strategy: "OnCompletion" } } });
    expect(sent.status()).toBe(200);
    const sms = await sent.json();
    expect(sms.status).toBe("Queued");

    await expect.poll(async () => (await (await request.get(`/api/sms/tracking/single/${sms.trackingId}`, { headers: auth })).json())[0].status.status, { timeout: 20_000 }).toBe("Delivered");
    await expect.poll(() => reports.length, { timeout: 20_000 }).toBe(1);
    expect(reports[0].body).toMatchObject({ messageId: sms.trackingId, status: { name: "Delivered" } });
    expect(reports[0].signature).toMatch(/^v1,/);

    const analysed = await request.post("/api/sms/analyse", { headers: auth, data: { from: "Switchboard", to: "306912345678", body: "Καλημέρα" } });
    expect((await analysed.json()).bodyAnalysis.transcode).toEqual({ message: "KAΛHMEPA", parts: 1 });
  } finally {
    receiver.close();
  }
});
