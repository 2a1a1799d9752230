import Link from "next/link";
import { SwitchboardLogo } from "@/components/ui/icons";

export function Brand() {
  return (
    <Link href="/" className="flex items-center gap-2.5 rounded-md font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-white">
      <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-600 text-white shadow-sm">
        <SwitchboardLogo size={18} />
      </span>
      <span>Switchboard</span>
    </Link>
  );
}
