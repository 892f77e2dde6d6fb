// Loads a lazily loaded part of a page after its heavy dependencies (zod, the form library),
// each imported and evaluated in its own task with a yield to the browser in between.
// Evaluating a module graph is one uninterruptible task; split up, none of them keeps a tap or
// a keystroke waiting for long. The price is one more round trip before the part appears.

export async function importInSteps<T>(dependencies: (() => Promise<unknown>)[], load: () => Promise<T>): Promise<T> {
  for (const dependency of dependencies) {
    await dependency();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return load();
}
