// The operator console's calls for connectors (/api/operator/connectors…), shared by the
// Connectors, Routes, Costs and Route tester pages.
import type { z } from "zod";
import type { CreateConnectorInput, UpdateConnectorInput, connectorCostRow, connectorResource, connectorWithStatus } from "@/lib/schemas/connectors";
import { apiFetch } from "@/lib/ui/api-client";

export type Connector = z.output<typeof connectorResource>;
export type ConnectorWithStatus = z.output<typeof connectorWithStatus>;
export type ConnectorCost = z.output<typeof connectorCostRow>;

export const connectorsKey = ["operator", "connectors"] as const;
export const fetchConnectors = (): Promise<{ content: ConnectorWithStatus[] }> => apiFetch("/api/operator/connectors");
export const createConnector = (body: CreateConnectorInput): Promise<Connector> => apiFetch("/api/operator/connectors", { method: "POST", json: body });
export const updateConnector = (id: string, body: UpdateConnectorInput): Promise<Connector> => apiFetch(`/api/operator/connectors/${id}`, { method: "PATCH", json: body });
export const deleteConnector = (id: string) => apiFetch(`/api/operator/connectors/${id}`, { method: "DELETE" });
export const setConnectorRunning = (id: string, running: boolean): Promise<Connector> => apiFetch(`/api/operator/connectors/${id}/${running ? "start" : "stop"}`, { method: "POST" });

export const costsKey = (id: string) => ["operator", "connectors", id, "costs"] as const;
export const fetchCosts = (id: string): Promise<{ content: ConnectorCost[] }> => apiFetch(`/api/operator/connectors/${id}/costs`);
export const importCosts = (id: string, csv: string): Promise<{ imported: number }> => apiFetch(`/api/operator/connectors/${id}/costs`, { method: "PUT", json: { csv } });
export const costsCsvUrl = (id: string) => `/api/operator/connectors/${id}/costs?format=csv`;

/** The tone of a connector's or a bind's state, the same on every page. */
export function stateTone(state: string): "success" | "warning" | "danger" | "info" | "neutral" {
  return ({ bound: "success", degraded: "warning", connecting: "info", down: "danger" } as const)[state as "bound"] ?? "neutral";
}
