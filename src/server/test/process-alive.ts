// Whether a process still exists, for the files that take over what a dead process left behind
// (templates in the making, build folders, seeded data): signal 0 checks without signalling, and
// EPERM means it exists under another user.
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
