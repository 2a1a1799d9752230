// A value to copy once, shown as plain text rather than an <input>: it can be selected by hand
// and reads out with the page (a new application's secret, a new user's password).
import { CopyButton } from "./copy-button";

export function ReadOnlyValue({ id, label, value, copyLabel = `Copy ${label.toLowerCase()}` }: { id: string; label: string; value: string; copyLabel?: string }) {
  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </p>
      <div className="mt-1.5 flex items-center gap-2 rounded-md border border-slate-300 bg-slate-50 py-1 pr-1 pl-3 dark:border-slate-700 dark:bg-slate-950">
        <code id={id} data-testid={id} className="block min-w-0 flex-1 font-mono text-[13px] break-all text-slate-900 select-all dark:text-slate-100">
          {value}
        </code>
        <CopyButton value={value} label={copyLabel} showText className="border border-slate-300 bg-white px-2.5 dark:border-slate-700 dark:bg-slate-900" />
      </div>
    </div>
  );
}
