// The operator console's calls for routing rules and the route tester (/api/operator/routes…).
import type { z } from "zod";
import type { CreateRouteInput, UpdateRouteInput, routeResource, routeTestBody, routeTestResult } from "@/lib/schemas/routes";
import { apiFetch } from "@/lib/ui/api-client";

export type Route = z.output<typeof routeResource>;
export type RouteTest = z.output<typeof routeTestResult>;

export const routesKey = ["operator", "routes"] as const;
export const fetchRoutes = (): Promise<{ content: Route[] }> => apiFetch("/api/operator/routes");
export const createRoute = (body: CreateRouteInput): Promise<Route> => apiFetch("/api/operator/routes", { method: "POST", json: body });
export const updateRoute = (id: string, body: UpdateRouteInput): Promise<Route> => apiFetch(`/api/operator/routes/${id}`, { method: "PATCH", json: body });
export const deleteRoute = (id: string) => apiFetch(`/api/operator/routes/${id}`, { method: "DELETE" });
export const testRoute = (body: z.input<typeof routeTestBody>): Promise<RouteTest> => apiFetch("/api/operator/route-test", { method: "POST", json: body });
