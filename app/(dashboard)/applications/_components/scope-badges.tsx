// An application's scopes in little space: all of them is one badge, otherwise the first few.
import { Badge } from "@/components/ui/badge";
import { allScopes } from "@/lib/core/tokens/scopes";

export function ScopeBadges({ scopes, max = 3 }: { scopes: string[]; max?: number }) {
  if (scopes.length === allScopes.length && allScopes.every((s) => scopes.includes(s)))
    return (
      <span title={scopes.join(", ")}>
        <Badge tone="accent">All scopes</Badge>
      </span>
    );
  const shown = scopes.slice(0, max);
  const rest = scopes.length - shown.length;
  return (
    <span className="flex flex-wrap gap-1" title={scopes.join(", ")}>
      {shown.map((s) => (
        <Badge key={s} className="font-mono">
          {s}
        </Badge>
      ))}
      {rest > 0 && <Badge>+{rest}</Badge>}
    </span>
  );
}
