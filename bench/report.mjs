/**
 * Tables of a run, as markdown (printed to the terminal as they are written to
 * the results file): corpus statistics first, then per corpus the index build,
 * query latency with forgesearch ÷ peer ratios, and result-set correctness
 * against the linear scan's exact answer.
 */

const REFERENCE = "forgesearch";

export function table(headers, rows) {
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}

export function fmt(n, digits = 2) {
  if (n === undefined || n === null || Number.isNaN(n)) return "—";
  if (!Number.isFinite(n)) return String(n);
  if (n === 0) return "0";
  const a = Math.abs(n);
  if (a >= 1e6) return `${(n / 1e6).toFixed(digits)}M`;
  if (a >= 1e4) return `${(n / 1e3).toFixed(1)}k`;
  if (a >= 100) return n.toFixed(0);
  if (a >= 1) return n.toFixed(digits);
  return n.toPrecision(Math.max(1, digits));
}

const ratio = (a, b) => (typeof a === "number" && typeof b === "number" && b > 0 && a > 0 ? `${fmt(a / b)}×` : "—");
const geomean = (xs) => (xs.length ? Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length) : undefined);

export function machineSection(machine) {
  return table(
    ["cpus", "cpu model", "memory", "node", "platform"],
    [[machine.cpus, machine.cpuModel, `${fmt(machine.memoryBytes / 2 ** 30, 1)} GiB`, machine.node, machine.platform]],
  );
}

export function statsSection(statsList) {
  const rows = statsList.map((s) => [
    s.corpus,
    fmt(s.records, 0),
    fmt(s.jsonBytesPerRecord, 0),
    Object.entries(s.tokensPerRecord).map(([f, n]) => `${f} ${fmt(n, 1)}${s.emptyShare[f] > 0.005 ? ` (${(100 * s.emptyShare[f]).toFixed(0)}% empty)` : ""}`).join(", "),
    fmt(s.distinctTokens, 0),
    fmt(s.totalTokens, 0),
    s.topTokens.slice(0, 5).join(", "),
  ]);
  const fieldRows = statsList.flatMap((s) =>
    Object.entries(s.fields).map(([f, v]) => [
      s.corpus,
      f,
      fmt(v.present, 0),
      "median" in v && typeof v.median === "string" ? `${v.min} … ${v.median} … ${v.max}` : `median ${fmt(v.median)}, p90 ${fmt(v.p90)}, p99 ${fmt(v.p99)}, max ${fmt(v.max)}`,
    ]),
  );
  return [
    table(["corpus", "records", "JSON bytes/record", "words per record", "distinct words", "words", "most frequent"], rows),
    "",
    table(["corpus", "field", "present", "distribution (dates: min … median … max)"], fieldRows),
  ].join("\n");
}

/** Index build: records/s and heap bytes per record, with forgesearch ÷ peer. */
export function buildSection(results) {
  const ref = results.find((r) => r.system === REFERENCE && r.buildMs !== undefined);
  const rows = results.map((r) =>
    r.buildMs === undefined
      ? [r.system, "failed", "", "", "", "", r.error.split("\n")[0]]
      : [
          r.error ? `${r.system} (queries: ${r.error.split("\n")[0]})` : r.system,
          fmt(r.recordsPerSecond, 0),
          fmt(r.buildMs / 1000),
          fmt(r.heapBytesPerRecord, 0),
          fmt(r.heapBytes / 2 ** 20, 1),
          r === ref || !ref ? "" : ratio(ref.recordsPerSecond, r.recordsPerSecond),
          r === ref || !ref ? "" : ratio(ref.heapBytesPerRecord, r.heapBytesPerRecord),
        ],
  );
  return table(["system", "records/s", "build s", "heap bytes/record", "heap MiB", "records/s fs÷peer", "bytes fs÷peer"], rows);
}

/** Per query: p50 (p99) in ms per system, then p50 ratios forgesearch ÷ peer. */
export function latencySection(results) {
  const ok = results.filter((r) => !r.error);
  const ref = ok.find((r) => r.system === REFERENCE);
  const peers = ok.filter((r) => r !== ref);
  const ids = ok[0]?.queries.map((q) => q.id) ?? [];
  const cell = (r, id) => {
    const e = r.queries.find((q) => q.id === id);
    if (!e?.supported) return "n/a";
    if (e.error) return "error";
    return `${fmt(e.p50, 3)} (${fmt(e.p99, 3)})`;
  };
  const p50 = (r, id) => r.queries.find((q) => q.id === id)?.p50;
  const headers = ["query", "shape", "q", ...ok.map((r) => `${r.system} ms`), ...(ref ? peers.map((p) => `fs÷${p.system}`) : [])];
  const rows = ids.map((id) => {
    const first = ok[0].queries.find((q) => q.id === id);
    return [id.replace(/^[^.]+\./, ""), first.shape, `\`${first.q}\``, ...ok.map((r) => cell(r, id)), ...(ref ? peers.map((p) => ratio(p50(ref, id), p50(p, id))) : [])];
  });
  const summary = ok.map((r) => {
    const timed = r.queries.filter((q) => q.p50 !== undefined);
    const shared = ref && r !== ref ? timed.filter((q) => p50(ref, q.id) !== undefined) : [];
    return [
      r.system,
      `${timed.length}/${r.queries.length}`,
      fmt(timed.length ? (1000 * timed.length) / timed.reduce((s, q) => s + q.mean, 0) : undefined, 1),
      fmt(geomean(timed.map((q) => q.p50)), 3),
      shared.length ? `${fmt(geomean(shared.map((q) => p50(ref, q.id) / q.p50)))}× over ${shared.length}` : "",
    ];
  });
  return [
    table(headers, rows),
    "",
    table(["system", "queries answered", "queries/s (mixed)", "p50 geo-mean ms", "p50 fs÷peer (geo-mean, shared queries)"], summary),
  ].join("\n");
}

/** Per query and system: whether the match set equals the scan's exact answer. */
export function correctnessSection(results) {
  const checked = results.filter((r) => r.correctness);
  if (checked.length === 0) return "";
  const ids = checked[0].queries.map((q) => q.id);
  const exactTotal = (id) => checked.map((r) => r.correctness[id]?.exactTotal).find((t) => t !== undefined);
  const cell = (r, id) => {
    const c = r.correctness[id];
    if (!c) return r.queries.find((q) => q.id === id)?.supported ? "error" : "n/a";
    if (c.exact) return "exact";
    const parts = [`${fmt(c.total, 0)}`];
    if (c.missing) parts.push(`−${c.missing}`);
    if (c.extra) parts.push(`+${c.extra}`);
    if (c.sortOk === false) parts.push("order");
    return parts.join(" ");
  };
  const rows = ids.map((id) => [id.replace(/^[^.]+\./, ""), fmt(exactTotal(id), 0), ...checked.map((r) => cell(r, id))]);
  const summary = checked.map((r) => {
    const cs = Object.values(r.correctness);
    return `${r.system}: ${cs.filter((c) => c.exact).length}/${cs.length} exact`;
  });
  return [table(["query", "exact matches", ...checked.map((r) => r.system)], rows), "", summary.join("; ")].join("\n");
}

/** The call each peer makes for each query. */
export function translationSection(results) {
  const ok = results.filter((r) => !r.error && r.system !== "scan");
  const ids = ok[0]?.queries.map((q) => q.id) ?? [];
  const rows = ids.map((id) => [
    id.replace(/^[^.]+\./, ""),
    ...ok.map((r) => {
      const e = r.queries.find((q) => q.id === id);
      return e?.supported ? `\`${(e.call ?? "").replace(/\|/g, "\\|")}\`` : "n/a";
    }),
  ]);
  return table(["query", ...ok.map((r) => r.system)], rows);
}

export function corpusSection(corpusResult) {
  const { corpus, results } = corpusResult;
  const parts = [`### ${corpus}`, "", "Index build:", "", buildSection(results), "", "Query latency, p50 (p99) ms, top 30:", "", latencySection(results)];
  const correctness = correctnessSection(results);
  if (correctness) parts.push("", "Match sets against the linear scan (exact, or: total −missing +extra, `order` when the sort order differs):", "", correctness);
  return parts.join("\n");
}

/**
 * The scale row (`bench/scale.mjs`, forgesearch alone at a size the peers do not reach): building,
 * memory, the longest stall, and the latencies after the load.
 */
export function scaleSection(scale) {
  if (scale.error) return `forgesearch alone, ${fmt(scale.records, 0)} issues: ${scale.error}`;
  const build = table(
    ["issues", "records/s", "build s", "bytes/record (heap + external)", "longest loop delay while building (ms)", "longest GC pause while building (ms)", "longest loop delay, all phases (ms)"],
    [[fmt(scale.records, 0), fmt(scale.recordsPerSecond, 0), fmt(scale.buildMs / 1000), fmt(scale.bytesPerRecord, 0), fmt(scale.buildStall), fmt(scale.buildGc), fmt(scale.longestStall)]],
  );
  const { and, qual, common, sorted } = scale.loaded;
  const latency = table(
    ["2–3-word AND p50 / p99 (ms)", "qualifiers only p50 / p99 (ms)", '"the" (ms)', "is:issue sort=created (ms)"],
    [[`${fmt(and.p50)} / ${fmt(and.p99)}`, `${fmt(qual.p50)} / ${fmt(qual.p99)}`, fmt(common), fmt(sorted)]],
  );
  return `${build}\n\n${latency}`;
}
