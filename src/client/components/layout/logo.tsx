// The brand name with its mark, linking home.

import { Link } from "wouter";
import { brand } from "../../lib/brand";
import { cn } from "../../lib/cn";
import { BrandMark } from "./brand-icons";

export function Logo({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  return (
    <Link
      href="/"
      onClick={onNavigate}
      className={cn(
        "inline-flex shrink-0 items-center gap-2 rounded-md text-lg font-bold whitespace-nowrap text-primary",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
        className,
      )}
    >
      <BrandMark className="h-8 w-8 shrink-0" />
      <span>{brand.name}</span>
    </Link>
  );
}
