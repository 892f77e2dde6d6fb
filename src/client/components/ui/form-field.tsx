// One form field: label, control, hint and error, wired for screen readers. The control gets
// its id, aria-invalid and aria-describedby from the render function, so any input fits.

import type { ReactNode } from "react";
import { Label } from "./label";

export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
}

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function FormField({ id, label, error, hint, optional, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <Label htmlFor={id} optional={optional}>
        {label}
      </Label>
      <div className="mt-1.5">{children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}</div>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-destructive-hover">
          {error}
        </p>
      ) : null}
    </div>
  );
}
