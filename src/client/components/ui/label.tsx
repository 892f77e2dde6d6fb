// Form label; `optional` adds a quiet "(opcional)" so required fields need no asterisk legend.

import type { LabelHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

export interface LabelProps extends LabelHTMLAttributes<HTMLLabelElement> {
  optional?: boolean;
}

export function Label({ className, optional = false, children, ...props }: LabelProps) {
  return (
    <label className={cn("block text-sm font-medium text-ink", className)} {...props}>
      {children}
      {optional ? <span className="ml-1 font-normal text-muted">(opcional)</span> : null}
    </label>
  );
}
