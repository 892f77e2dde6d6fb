// Radix Tabs styled as a segmented control: arrow keys move between tabs, the active one is
// white on the soft brand background.

import type { ComponentProps } from "react";
import { Tabs as RadixTabs } from "radix-ui";
import { cn } from "../../lib/cn";

export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={cn("inline-flex w-full items-center gap-1 rounded-lg bg-primary-soft p-1 sm:w-auto", className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        "inline-flex flex-1 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold text-primary transition-colors sm:flex-none",
        "hover:bg-white/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
        "data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn("mt-4 focus-visible:outline-none", className)} {...props} />;
}
