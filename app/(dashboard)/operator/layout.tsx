// The Operator area: the platform's administration (every account, and the parts of the console
// listed in _lib/sections.ts). Platform administrators only; anyone else gets a 404.
import { Badge } from "@/components/ui/badge";
import { requirePlatformAdmin } from "./_lib/require-admin";
import { OperatorTabs } from "./_components/operator-tabs";

export const dynamic = "force-dynamic";

export default async function OperatorLayout({ children }: { children: React.ReactNode }) {
  await requirePlatformAdmin("/operator");
  return (
    <>
      <p className="mb-1 flex items-center gap-2 text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
        Operator console <Badge tone="accent">Platform administrators</Badge>
      </p>
      <OperatorTabs />
      {children}
    </>
  );
}
