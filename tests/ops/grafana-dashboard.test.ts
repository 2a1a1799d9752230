// The Grafana dashboard (docs/grafana/switchboard.json) and the alert rules of
// docs/operations.md ask only for metrics this code exposes, with labels they have: a renamed
// metric fails here, not on an operator's empty panel or silent alert.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { processMetrics } from "../../lib/server/metrics/registry.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dashboard = JSON.parse(fs.readFileSync(path.join(root, "docs/grafana/switchboard.json"), "utf8"));
const operations = fs.readFileSync(path.join(root, "docs/operations.md"), "utf8");

/** Every series name the registry exposes, with the labels each may carry. */
function exposed(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const m of processMetrics().registry.getMetricsAsArray()) {
    const { name, labelNames = [] } = m as unknown as { name: string; labelNames?: string[] };
    const labels = new Set(labelNames);
    const type = (m as unknown as { type?: string }).type;
    const names = type === "histogram" ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name];
    if (type === "histogram") labels.add("le");
    for (const n of names) out.set(n, labels);
  }
  return out;
}

/** The metric names of a PromQL expression, each with the labels its selector matches on. */
function selectors(expr: string): { name: string; labels: string[] }[] {
  return [...expr.matchAll(/\b(switchboard_[a-z0-9_]+)(\{([^}]*)\})?/g)].map((m) => ({
    name: m[1]!,
    labels: [...(m[3] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)/g)].map((l) => l[1]!),
  }));
}

// Labels Prometheus adds to every scraped series.
const scrapeLabels = new Set(["instance", "job"]);

function checkExpression(expr: string, where: string, metrics: Map<string, Set<string>>): void {
  const found = selectors(expr);
  expect(found.length, `${where}: ${expr} names no switchboard metric`).toBeGreaterThan(0);
  for (const s of found) {
    expect(metrics.has(s.name), `${where}: ${s.name} is not exposed`).toBe(true);
    for (const l of s.labels) expect(metrics.get(s.name)!.has(l) || scrapeLabels.has(l), `${where}: ${s.name} has no label ${l}`).toBe(true);
  }
  // Grouping labels must exist on some metric of the expression.
  for (const g of expr.matchAll(/\b(?:by|on)\s*\(([^)]*)\)/g))
    for (const l of g[1]!
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean))
      expect(scrapeLabels.has(l) || found.some((s) => metrics.get(s.name)?.has(l)), `${where}: no metric of ${expr} has label ${l}`).toBe(true);
}

describe("docs/grafana/switchboard.json", () => {
  const panels: any[] = dashboard.panels; // eslint-disable-line @typescript-eslint/no-explicit-any

  it("has the shape Grafana imports: title, uid, schema version, a datasource variable, panels on a 24-column grid", () => {
    expect(dashboard).toMatchObject({ title: "Switchboard", uid: "switchboard" });
    expect(typeof dashboard.schemaVersion).toBe("number");
    expect(dashboard.templating.list).toContainEqual(expect.objectContaining({ name: "datasource", type: "datasource", query: "prometheus" }));
    const ids = panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of panels) {
      expect(["row", "timeseries", "stat", "gauge", "table", "bargauge"]).toContain(p.type);
      expect(typeof p.title).toBe("string");
      const { h, w, x, y } = p.gridPos;
      for (const n of [h, w, x, y]) expect(Number.isInteger(n) && n >= 0).toBe(true);
      expect(x + w).toBeLessThanOrEqual(24);
      if (p.type === "row") continue;
      // Grafana's variable syntax, not a template literal.
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the dashboard's datasource variable
      expect(p.datasource).toEqual({ type: "prometheus", uid: "${datasource}" });
      expect(p.targets.length).toBeGreaterThan(0);
      const refIds = p.targets.map((t: { refId: string }) => t.refId);
      expect(new Set(refIds).size).toBe(refIds.length);
    }
  });

  it("covers traffic, delivery rate, latency, queues, binds, callbacks and errors", () => {
    const titles = panels.map((p) => p.title.toLowerCase()).join(" | ");
    for (const word of ["requests", "delivery rate", "latency", "jobs waiting", "binds", "callback", "5xx"]) expect(titles).toContain(word);
  });

  it("queries only metrics and labels that exist", () => {
    const metrics = exposed();
    for (const p of panels) for (const t of p.targets ?? []) checkExpression(t.expr, `panel "${p.title}"`, metrics);
  });
});

describe("docs/operations.md alert rules", () => {
  it("alert on metrics and labels that exist, for each failure that matters", () => {
    const metrics = exposed();
    const rules = [...operations.matchAll(/- alert: (\S+)\n\s+expr: (.+)/g)].map((m) => ({ name: m[1]!, expr: m[2]! }));
    expect(rules.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        "SwitchboardConnectorDown",
        "SwitchboardQueueAgeGrowing",
        "SwitchboardDeliveryRateFalling",
        "SwitchboardCallbacksFailing",
        "SwitchboardDatabasePoolSaturated",
        "SwitchboardServerErrors",
      ]),
    );
    for (const r of rules) checkExpression(r.expr, `alert ${r.name}`, metrics);
  });
});
