// The bench scripts' command-line options: `--name value` as a number, `--flag` as present.
const argv = process.argv.slice(2);

export const numberArg = (name: string, fallback: number): number => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};

export const flagArg = (name: string): boolean => argv.includes(`--${name}`);

export const stringArg = (name: string, fallback: string): string => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? (argv[i + 1] ?? fallback) : fallback;
};
