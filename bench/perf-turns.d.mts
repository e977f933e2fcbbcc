/** Types of bench/perf-turns.mjs. */

export interface PerfEvent {
  tid: string;
  /** Seconds on the clock perf recorded with. */
  time: number;
  event: string;
  trace: string;
  /** Innermost first, addresses dropped. */
  frames: string[];
}

export interface Turn {
  phase: string;
  startMicros: number;
  endMicros: number;
}

export interface OffCpuStretch {
  ms: number;
  state: string;
  next: string;
  frames: string[];
}

export interface TurnReport {
  phase: string;
  ms: number;
  onCpu: Array<[frame: string, samples: number]>;
  offCpu: OffCpuStretch[];
  offCpuMs: number;
  others: Array<[tid: string, samples: number]>;
}

export declare function parsePerfScript(lines: Iterable<string>): PerfEvent[];
export declare function turnReport(events: PerfEvent[], turn: Turn, mainTid: string): TurnReport;
