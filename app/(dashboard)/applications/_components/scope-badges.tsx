// An application's scopes in little space: all of them is one badge, otherwise the first few.
import { Badge, BadgeList } from "@/components/ui/badge";
import { allScopes } from "@/lib/core/tokens/scopes";

export function ScopeBadges({ scopes, max = 3 }: { scopes: string[]; max?: number }) {
  if (scopes.length === allScopes.length && allScopes.every((s) => scopes.includes(s)))
    return (
      <span title={scopes.join(", ")}>
        <Badge tone="accent">All scopes</Badge>
      </span>
    );
  return <BadgeList items={scopes} max={max} className="font-mono" />;
}
