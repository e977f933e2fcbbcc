/**
 * A page's array made (`first` entries) or doubled until it holds `end` entries, never past
 * `pageSize`, its entries kept. Paged tables begin small (a small index has hundreds of them) and
 * grow a page at a time, so no growth copies more than one page.
 */
export function grownPage<T extends Uint8Array | Uint32Array>(page: T | undefined, end: number, first: number, pageSize: number, make: (length: number) => T): T {
  let size = page ? page.length : first;
  while (size < end) size *= 2;
  const out = make(Math.min(size, pageSize));
  if (page) out.set(page);
  return out;
}
