// Text input of every form: 16 px text on phones (no zoom on focus in iOS), a visible focus
// ring, and a red border while aria-invalid is set.

import { forwardRef, type InputHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

export const fieldClasses =
  "block w-full rounded-md border border-slate-300 bg-white px-3 text-base text-ink placeholder:text-slate-500 sm:text-sm " +
  "focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary " +
  "disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, type, ...props },
  ref,
) {
  return <input ref={ref} type={type ?? "text"} className={cn(fieldClasses, "h-11", className)} {...props} />;
});
