// The site's button: brand variants with AA contrast and a visible focus ring. `asChild`
// lends the styling to a link (wouter Link or <a>) so navigation stays a real link.

import { forwardRef, type ButtonHTMLAttributes } from "react";
import { Slot } from "radix-ui";
import { cn } from "../../lib/cn";

export type ButtonVariant = "primary" | "accent" | "outline" | "ghost" | "whatsapp" | "destructive";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-primary text-primary-foreground hover:bg-primary-hover",
  accent: "bg-accent text-accent-foreground hover:bg-accent-hover",
  outline: "border border-primary text-primary bg-white hover:bg-primary-soft",
  ghost: "text-ink hover:bg-slate-100",
  whatsapp: "bg-whatsapp text-white hover:bg-whatsapp-hover",
  destructive: "bg-destructive text-white hover:bg-destructive-hover",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-9 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-12 px-6 text-base",
  icon: "h-10 w-10",
};

export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string): string {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-md font-semibold whitespace-nowrap transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
    "disabled:pointer-events-none disabled:opacity-50",
    variants[variant],
    sizes[size],
    extra,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  asChild?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, asChild = false, className, type, ...props },
  ref,
) {
  const classes = buttonClasses(variant, size, className);
  if (asChild) return <Slot.Root ref={ref} className={classes} {...props} />;
  return <button ref={ref} type={type ?? "button"} className={classes} {...props} />;
});
