/**
 * A page's items rendered with pauses between them. A first search after an open renders its page
 * with code not yet optimised and every record still packed (inflated and parsed when first read):
 * tens of milliseconds at 1M issues, in the turn that also ran ranking's last slice.
 */
export interface PageRendering<T> {
  /** Items on the page. */
  count: number;
  /** The item at `index`, rendered from the records as they are now. */
  item(index: number): T;
  /** Whether to pause before the next item (the slice under way has passed). */
  due(): boolean;
  pause(): Promise<void>;
  /** Changes to the records items are rendered from: unchanged across a pause, the items rendered before and after it show one state. */
  revision(): number;
}

/**
 * The page's items, in order. Items show the records at one instant: when the records changed during a
 * pause, every item is rendered again in one turn (by then without the cold start that made the pauses).
 */
export async function renderPage<T>(page: PageRendering<T>): Promise<T[]> {
  const at = page.revision();
  const items: T[] = [];
  let paused = false;
  for (let i = 0; i < page.count; i++) {
    if (i > 0 && page.due()) {
      await page.pause();
      paused = true;
    }
    items.push(page.item(i));
  }
  if (!paused || page.revision() === at) return items;
  return Array.from({ length: page.count }, (_, i) => page.item(i));
}
