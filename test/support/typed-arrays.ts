/** Typed arrays an object holds, found through its fields, arrays, maps and sets. */

/** Every typed array reachable from `root`, each once, by the path it was first met at (`.field`, `[index]`, `{key}`). */
export function typedArraysByPath(root: unknown): Map<string, ArrayBufferView> {
  const found = new Map<string, ArrayBufferView>();
  const seen = new Set<unknown>();
  const visit = (value: unknown, path: string) => {
    if (value === null || typeof value !== "object" || seen.has(value)) return;
    seen.add(value);
    if (ArrayBuffer.isView(value)) found.set(path, value);
    else if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${path}[${i}]`));
    else if (value instanceof Map) value.forEach((v, k) => visit(v, `${path}{${String(k)}}`));
    else if (value instanceof Set) [...value].forEach((v, i) => visit(v, `${path}{${i}}`));
    else for (const [k, v] of Object.entries(value)) visit(v, `${path}.${k}`);
  };
  visit(root, "");
  return found;
}

/** Every typed array reachable from `root`, each once. */
export function typedArraysIn(root: unknown): ArrayBufferView[] {
  return [...typedArraysByPath(root).values()];
}

/** The growable shared buffer the array views, if it views one (ES2024, typed here). */
export function growableBufferOf(array: ArrayBufferView): { byteLength: number; maxByteLength: number } | undefined {
  const buffer = array.buffer as SharedArrayBuffer & { growable?: boolean; maxByteLength: number };
  return buffer instanceof SharedArrayBuffer && buffer.growable === true ? buffer : undefined;
}

/** Whether the array views a growable shared buffer. */
export function isGrowable(array: ArrayBufferView): boolean {
  return growableBufferOf(array) !== undefined;
}
