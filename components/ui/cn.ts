// Joins class names, skipping falsy ones. Components put caller classes last so they win.
export function cn(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(" ");
}
