/**
 * Bytes held outside the JavaScript heap: array buffers, Buffers and other external memory. V8 counts
 * a SharedArrayBuffer in Node's `arrayBuffers` but leaves it out of `external` (an isolate's external
 * memory), and a saved index is read into shared buffers, so the larger of the two is taken: at most
 * the few megabytes of external memory that is not an array buffer go uncounted then. A growable
 * shared buffer (an index's per-document arrays) is in neither: `growable` is the engine's count of
 * them (`growableBytes()` of the library measured; 0 for a library without it).
 */
export function offHeapBytes(usage = process.memoryUsage(), growable = 0) {
  return Math.max(usage.external, usage.arrayBuffers) + growable;
}
