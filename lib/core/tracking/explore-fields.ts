// What the tracking explorer filters and sorts on. Pure constants, shared by the core search,
// the dashboard's query schema and the page itself (so nothing here may import server code).

export const exploreOperators = ["is", "is_not", "contains", "starts_with", "ends_with"] as const;
export type ExploreOperator = (typeof exploreOperators)[number];

export const exploreFields = ["to", "from", "status", "detailedStatus", "direction", "country", "campaign", "label", "connector", "id", "clicked"] as const;
export type ExploreField = (typeof exploreFields)[number];

/** The connector filter's value for parts no connector carried (not submitted yet, or sent on a test carrier). */
export const NO_CONNECTOR = "none";

export interface ExploreFilter {
  field: ExploreField;
  op: ExploreOperator;
  value: string;
}

export const exploreSortFields = ["createdAt", "statusAt", "to", "from", "status", "country", "price"] as const;
export type ExploreSortField = (typeof exploreSortFields)[number];
