// An SMS sent over HTTP crosses the SMPP connection to the bundled simulator, reaches Delivered,
// and its delivery report arrives at a receiver on this machine.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { test, expect } from "../fixtures/test";
import { switchboardClient, tokenFor } from "../fixtures/api";

test("send an SMS, see it delivered, receive its delivery report", async ({ request, baseURL, demo }) => {
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
    const token = await tokenFor(`${baseURL}/api`, demo, "sms");
    const auth = { Authorization: `Bearer ${token}` };
    const api = switchboardClient(`${baseURL}/api`, token);
    const sent = await api.POST("/sms", { body: { from: "Switchboard", to: "+306912345678", body: "Hello from the e2e test", callback: { url, strategy: "OnCompletion" } } });
    expect(sent.response.status).toBe(200);
    const sms = sent.data!;
    expect(sms.status).toBe("Queued");

    const status = async () => (await api.GET("/sms/tracking/single/{trackingId}", { params: { path: { trackingId: sms.trackingId } } })).data![0]!.status.status;
    await expect.poll(status, { timeout: 20_000 }).toBe("Delivered");
    await expect.poll(() => reports.length, { timeout: 20_000 }).toBe(1);
    expect(reports[0].body).toMatchObject({ messageId: sms.trackingId, status: { name: "Delivered" } });
    expect(reports[0].signature).toMatch(/^v1,/);

    const analysed = await request.post("/api/sms/analyse", { headers: auth, data: { from: "Switchboard", to: "306912345678", body: "Καλημέρα" } });
    expect((await analysed.json()).bodyAnalysis.transcode).toEqual({ message: "KAΛHMEPA", parts: 1 });
  } finally {
    receiver.close();
  }
});
