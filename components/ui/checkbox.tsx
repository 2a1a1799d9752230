// A checkbox with a real <label>; the description is announced as its description, not its
// name. `indeterminate` is set on the DOM node (there is no attribute for it).
"use client";
import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode } from "react";
import { cn } from "./cn";

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  label: ReactNode;
  description?: ReactNode;
  indeterminate?: boolean;
  ref?: React.Ref<HTMLInputElement>;
}

export function Checkbox({ label, description, indeterminate, className, ref, id, ...props }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const descriptionId = description ? `${inputId}-description` : undefined;
  const inner = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (inner.current) inner.current.indeterminate = Boolean(indeterminate);
  }, [indeterminate]);
  const setRef = (el: HTMLInputElement | null) => {
    inner.current = el;
    if (typeof ref === "function") ref(el);
    else if (ref) (ref as React.RefObject<HTMLInputElement | null>).current = el;
  };
  return (
    <div className={cn("flex items-start gap-2.5 text-sm", props.disabled && "opacity-60", className)}>
      <input
        ref={setRef}
        id={inputId}
        type="checkbox"
        aria-describedby={descriptionId}
        className="mt-0.5 size-4 shrink-0 cursor-pointer rounded accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed dark:accent-indigo-400"
        {...props}
      />
      <div className="min-w-0">
        <label htmlFor={inputId} className={cn("block cursor-pointer text-slate-800 dark:text-slate-200", props.disabled && "cursor-not-allowed")}>
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-xs text-slate-500 dark:text-slate-400">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
