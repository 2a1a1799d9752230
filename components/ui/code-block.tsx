// A block of code or a command, with a copy button.
import { cn } from "./cn";
import { CopyButton } from "./copy-button";

export function CodeBlock({ code, label = "Copy code", className, language }: { code: string; label?: string; className?: string; language?: string }) {
  return (
    <div className={cn("rounded-lg bg-slate-950 text-slate-100 ring-1 ring-slate-800 dark:bg-black/40", className)}>
      {language && <div className="border-b border-slate-800 px-4 py-1.5 text-[11px] font-medium tracking-wide text-slate-400 uppercase">{language}</div>}
      <div className="relative">
        <pre className="overflow-x-auto p-4 pr-12 font-mono text-[13px] leading-6">
          <code>{code}</code>
        </pre>
        <CopyButton value={code} label={label} className="absolute top-2.5 right-2.5 text-slate-400 hover:bg-slate-800 hover:text-white dark:hover:bg-slate-800" />
      </div>
    </div>
  );
}
