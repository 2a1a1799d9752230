// Page and size query parameters and the spec's page envelope. Empty or non-numeric values fall
// back to the defaults (Routee's clients send them); numbers out of range are a 400.
import { z } from "zod";
import { defineRoute, type RouteSpec } from "./route-spec.ts";

export function pageQuery(defaultSize = 20, maxSize = 2000) {
  const lenient = (fallback: number) => z.preprocess((v) => (v === undefined || v === "" || !/^-?\d+$/.test(String(v).trim()) ? fallback : Number(v)), z.number().int());
  return z.object({
    page: lenient(0)
      .pipe(z.number().int().min(0, "page must be 0 or more").max(1_000_000, "page is too large"))
      .meta({ type: "integer", minimum: 0, default: 0, description: "Page number, from 0 (default 0)." }),
    size: lenient(defaultSize)
      .pipe(z.number().int().min(1, "size must be at least 1").max(maxSize, `size must be at most ${maxSize}`))
      .meta({ type: "integer", minimum: 1, maximum: maxSize, default: defaultSize, description: `Page size (default ${defaultSize}, at most ${maxSize})` }),
  });
}

export interface Page<T> {
  totalPages: number;
  last: boolean;
  first: boolean;
  totalElements: number;
  numberOfElements: number;
  number: number;
  size: number;
  content: T[];
}

export function pageOf<T>(content: T[], totalElements: number, page: number, size: number): Page<T> {
  const totalPages = Math.ceil(totalElements / size);
  return {
    totalPages,
    last: page >= totalPages - 1,
    first: page === 0,
    totalElements,
    numberOfElements: content.length,
    number: page,
    size,
    content,
  };
}

/**
 * What a paged list route declares: page and size (with the list's own `filters`) in its query, and
 * the page envelope of `item` as its answer. Spread into the route spec.
 */
export function pagedList<T extends z.ZodType, F extends z.ZodRawShape = Record<never, never>>(item: T, defaultSize: number, maxSize: number, filters?: F) {
  return { query: pageQuery(defaultSize, maxSize).extend((filters ?? {}) as F), response: pageSchema(item) };
}

/**
 * A search a page lists and downloads: `list` is GET `path`, a page of the matches for the filter
 * plus page and size (and `listFields`, such as a sort); `csv` is GET `path`/export, every match of
 * the same filter as CSV, so the download is what the list shows. A bad filter is a 400 on both.
 */
export function searchWithExport<const B extends Partial<RouteSpec>, F extends z.ZodRawShape, R extends z.ZodType, L extends z.ZodRawShape = Record<never, never>>(
  base: B,
  path: `/${string}`,
  spec: { summary: string; exportSummary: string; filter: z.ZodObject<F>; pageSize: readonly [number, number]; listFields?: L; page: R },
) {
  const { summary, exportSummary, filter, pageSize, listFields, page } = spec;
  const query = pageQuery(...pageSize)
    .extend(filter.shape)
    .extend((listFields ?? {}) as L);
  return {
    list: defineRoute(base, `GET ${path}`, { summary, query, response: page, errors: ["validation"] }),
    csv: defineRoute(base, `GET ${path}/export`, { summary: exportSummary, query: filter, errors: ["validation"] }),
  };
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    totalPages: z.number().int(),
    last: z.boolean(),
    first: z.boolean(),
    totalElements: z.number().int(),
    numberOfElements: z.number().int(),
    number: z.number().int(),
    size: z.number().int(),
    content: z.array(item),
  });
}
