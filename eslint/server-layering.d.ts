// Types of eslint/server-layering.js for the TypeScript files that import it (the layering test).
export function productionFiles(dir: string): string[];
export function importsOf(file: string, source?: string): { target: string; typeOnly: boolean }[];
export function moduleOf(modules: string, file: string): string | null;
export function moduleGraph(modules: string): Map<string, Set<string>>;
export function pathBetween(graph: Map<string, Set<string>>, from: string, to: string): string[] | null;
export const serverLayering: { rules: Record<string, unknown> };
