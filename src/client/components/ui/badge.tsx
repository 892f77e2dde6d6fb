// A small status pill. Tones pair text and background at AA contrast.

import type { HTMLAttributes } from "react";
import { cn } from "../../lib/cn";

export type BadgeTone = "neutral" | "primary" | "info" | "warning" | "success" | "danger" | "muted";

const tones: Record<BadgeTone, string> = {
  neutral: "bg-slate-100 text-slate-800",
  primary: "bg-primary text-primary-foreground",
  info: "bg-blue-100 text-blue-900",
  warning: "bg-amber-100 text-amber-900",
  success: "bg-green-100 text-green-900",
  danger: "bg-red-100 text-red-900",
  muted: "bg-slate-100 text-slate-700",
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = "neutral", className, ...props }: BadgeProps) {
  return (
    <span
      className={cn("inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap", tones[tone], className)}
      {...props}
    />
  );
}
