/**
 * Reading a `perf script -F tid,time,event,trace,ip,sym` listing against the long turns of a run
 * (bench/turns.mjs): per turn, the main thread's time on the CPU and off it, and why. Used by
 * bench/off-cpu.mjs; no I/O here.
 */

const EVENT_HEAD = /^\s*(\d+)\s+([\d.]+):\s+(\S+):\s*(.*)$/;

/** perf's events in time order: thread id, time (s), event name, its trace text, its frames (innermost first, addresses dropped). */
export function parsePerfScript(lines) {
  const events = [];
  let current;
  for (const line of lines) {
    const head = !line.startsWith("\t") && EVENT_HEAD.exec(line);
    if (head) {
      current = { tid: head[1], time: Number(head[2]), event: head[3], trace: head[4], frames: [] };
      events.push(current);
    } else if (current && line.trim()) {
      current.frames.push(line.trim().replace(/^[0-9a-f]+ /, ""));
    }
  }
  return events.sort((a, b) => a.time - b.time);
}

/** The index of the first of the (time-ordered) events at or after `time`. */
function firstAtOrAfter(events, time) {
  let [lo, hi] = [0, events.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (events[mid].time < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Items counted, most frequent first. */
const counted = (items) => [...items.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map())].sort((a, b) => b[1] - a[1]);

/** The first frames worth reading where a thread left the CPU: the kernel's scheduling frames left out. */
const readable = (frames) => frames.filter((f) => !/^(__schedule|schedule|\[unknown\])$/.test(f)).slice(0, 6);

/**
 * One turn (`startMicros`/`endMicros` on perf's CLOCK_MONOTONIC) read from `events`: the main
 * thread's cpu-clock samples in it (about a millisecond each) by their innermost JavaScript frame (or
 * innermost frame), each stretch off the CPU (from leaving, as `sched:sched_switch` records it, to the
 * thread's next event, cut to the turn) with its state (S asleep, R runnable, D waiting for the disk),
 * the thread that ran next and the frames it left from, and the other threads' samples.
 */
export function turnReport(events, turn, mainTid) {
  const [from, to] = [turn.startMicros / 1e6, turn.endMicros / 1e6];
  const first = firstAtOrAfter(events, from);
  const mine = [];
  // The main thread's last event before the turn too: it may have left the CPU before the turn began.
  for (let i = first - 1; i >= 0; i--) {
    if (events[i].tid === mainTid) {
      mine.push(events[i]);
      break;
    }
  }
  const others = [];
  let next;
  for (let i = first; i < events.length; i++) {
    const e = events[i];
    if (e.time > to) {
      if (e.tid === mainTid) {
        next = e;
        break;
      }
      continue;
    }
    if (e.tid === mainTid) mine.push(e);
    else if (e.event === "cpu-clock") others.push(e.tid);
  }
  const samples = mine.filter((e) => e.event === "cpu-clock" && e.time >= from);
  const off = [];
  mine.forEach((e, i) => {
    if (e.event !== "sched:sched_switch") return;
    const back = (mine[i + 1] ?? next)?.time ?? to;
    const ms = (Math.min(back, to) - Math.max(e.time, from)) * 1000;
    if (ms <= 0) return;
    const [, nextComm = "?", nextPid = "?"] = /next_comm=(.*?) next_pid=(\d+)/.exec(e.trace) ?? [];
    off.push({ ms, state: /prev_state=(\S+)/.exec(e.trace)?.[1] ?? "?", next: `${nextComm}/${nextPid}`, frames: readable(e.frames) });
  });
  return {
    phase: turn.phase || "(between phases)",
    ms: (to - from) * 1000,
    onCpu: counted(samples.map((e) => e.frames.find((f) => f.startsWith("JS:")) ?? e.frames[0] ?? "?")),
    offCpu: off.sort((a, b) => b.ms - a.ms),
    offCpuMs: off.reduce((n, o) => n + o.ms, 0),
    others: counted(others),
  };
}
