/**
 * Reading perf's listing against a run's long turns: where the main thread was on the CPU, where and
 * why it was off it, and what else ran.
 */
import { describe, expect, it } from "vitest";
import { parsePerfScript, turnReport } from "../../bench/perf-turns.mjs";

// `perf script -F tid,time,event,trace,ip,sym` as it prints: a head line per event, its frames indented by a tab.
const LISTING = [
  " 100 10.000500: cpu-clock: ",
  "\t     1607c06 Builtins_LdarHandler",
  "\t7f98cc09418d JS:^step file:///x/dist/index/collection.js:291:9",
  "",
  " 100 10.001000: sched:sched_switch: prev_comm=node prev_pid=100 prev_prio=120 prev_state=S ==> next_comm=node next_pid=104 next_prio=120",
  "\tffffffff821f8298 __schedule",
  "\tffffffff821f8c03 schedule",
  "\t8612b __GI___lll_lock_wait",
  "\tcef583 v8::internal::(anonymous namespace)::CompleteArrayBufferSweeping",
  "",
  " 104 10.002000: cpu-clock: ",
  "\td0f41c v8::internal::ArrayBufferSweeper::Sweep",
  "",
  " 104 10.003000: cpu-clock: ",
  "\td0f41c v8::internal::ArrayBufferSweeper::Sweep",
  "",
  " 100 10.041000: cpu-clock: ",
  "\t7f98cc09418d JS:^step file:///x/dist/index/collection.js:291:9",
  "",
  " 100 10.042000: sched:sched_switch: prev_comm=node prev_pid=100 prev_prio=120 prev_state=R ==> next_comm=node next_pid=105 next_prio=120",
  "\tffffffff821f8298 __schedule",
  "\t1511e18 Builtins_KeyedLoadIC",
  "",
  " 100 10.052000: cpu-clock: ",
  "\t     d0f41c v8::internal::Heap::MarkCompact",
  "",
];

describe("perf turns", () => {
  const events = parsePerfScript(LISTING);

  it("reads each event's thread, time, name, trace and frames without their addresses, in time order", () => {
    expect(events.map((e) => [e.tid, e.time, e.event])).toEqual([
      ["100", 10.0005, "cpu-clock"],
      ["100", 10.001, "sched:sched_switch"],
      ["104", 10.002, "cpu-clock"],
      ["104", 10.003, "cpu-clock"],
      ["100", 10.041, "cpu-clock"],
      ["100", 10.042, "sched:sched_switch"],
      ["100", 10.052, "cpu-clock"],
    ]);
    expect(events[0].frames).toEqual(["Builtins_LdarHandler", "JS:^step file:///x/dist/index/collection.js:291:9"]);
    expect(events[1].trace).toContain("prev_state=S");
  });

  it("splits a turn into the main thread's time on the CPU and each stretch off it, with its state, who ran, and where it left", () => {
    const report = turnReport(events, { phase: "adds", startMicros: 10_000_000, endMicros: 10_050_000 }, "100");
    expect(report.phase).toBe("adds");
    expect(report.ms).toBeCloseTo(50, 6);
    // Two samples of the main thread in the turn, both in the same JavaScript frame.
    expect(report.onCpu).toEqual([["JS:^step file:///x/dist/index/collection.js:291:9", 2]]);
    // Asleep from 1 ms to its next event at 41 ms; runnable from 42 ms to the turn's end at 50 ms (its next event is after it).
    expect(report.offCpu.map((o) => [Math.round(o.ms * 10) / 10, o.state, o.next])).toEqual([
      [40, "S", "node/104"],
      [8, "R", "node/105"],
    ]);
    expect(report.offCpu[0].frames).toEqual(["__GI___lll_lock_wait", "v8::internal::(anonymous namespace)::CompleteArrayBufferSweeping"]);
    expect(report.offCpuMs).toBeCloseTo(48, 6);
    expect(report.others).toEqual([["104", 2]]);
  });

  it("counts a stretch begun before the turn from the turn's start", () => {
    const report = turnReport(events, { phase: "", startMicros: 10_020_000, endMicros: 10_030_000 }, "100");
    expect(report.phase).toBe("(between phases)");
    expect(report.onCpu).toEqual([]);
    expect(report.offCpu.map((o) => [Math.round(o.ms * 10) / 10, o.state])).toEqual([[10, "S"]]);
  });
});
