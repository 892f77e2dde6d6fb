// Multi-line text field, styled like Input.

import { forwardRef, type TextareaHTMLAttributes } from "react";
import { cn } from "../../lib/cn";
import { fieldClasses } from "./input";

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, rows, ...props },
  ref,
) {
  return <textarea ref={ref} rows={rows ?? 5} className={cn(fieldClasses, "min-h-24 py-2", className)} {...props} />;
});
