// Copies a value and says so in place; CopyableCode is an id or key shown as code beside its button (a toast would sit under an open modal). Falls back to
// execCommand where the Clipboard API is unavailable (plain http on a LAN address).
"use client";
import { useEffect, useState } from "react";
import { cn } from "./cn";
import { CheckIcon, CopyIcon } from "./icons";

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  (document.querySelector("dialog[open]") ?? document.body).appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  return ok;
}

export function CopyButton({ value, label, className, showText }: { value: string; label: string; className?: string; showText?: boolean }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 1800);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={async () => setCopied(await copyText(value))}
      className={cn(
        "inline-flex shrink-0 items-center gap-1.5 rounded-md p-1.5 text-xs font-medium text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900",
        "focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100",
        copied && "text-emerald-600 hover:text-emerald-600 dark:text-emerald-400",
        className,
      )}
    >
      {copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
      {showText && <span aria-hidden="true">{copied ? "Copied" : "Copy"}</span>}
      <span className="sr-only" aria-live="polite">
        {copied ? "Copied" : ""}
      </span>
    </button>
  );
}

/** An id or key as code, with its copy button; the code's classes size it (truncate, break-all). */
export function CopyableCode({ value, label, className }: { value: string; label: string; className?: string }) {
  return (
    <span className="flex items-center gap-0.5">
      <code className={cn("min-w-0 font-mono text-xs", className)} title={value}>
        {value}
      </code>
      <CopyButton value={value} label={label} />
    </span>
  );
}
