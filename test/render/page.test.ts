import { describe, expect, it } from "vitest";
import { renderPage } from "../../src/render/page.js";

/** A page over a changing value: each item shows the value as it is when rendered. */
function pageOver(count: number, dueEvery: number, onPause: () => void = () => {}) {
  const state = { value: 0, revision: 0, renders: 0, pauses: 0 };
  let sincePause = 0;
  const page = {
    count,
    item: (i: number) => {
      state.renders++;
      sincePause++;
      return `${i}:${state.value}`;
    },
    due: () => sincePause >= dueEvery,
    pause: async () => {
      state.pauses++;
      sincePause = 0;
      onPause();
    },
    revision: () => state.revision,
  };
  return { page, state };
}

describe("renderPage", () => {
  it("renders the items in order, pausing once the slice has passed", async () => {
    const { page, state } = pageOver(7, 3);
    expect(await renderPage(page)).toEqual(["0:0", "1:0", "2:0", "3:0", "4:0", "5:0", "6:0"]);
    expect(state).toMatchObject({ pauses: 2, renders: 7 });
  });

  it("does not pause before the first item or when no slice passes", async () => {
    const { page, state } = pageOver(5, 10);
    await renderPage(page);
    expect(state.pauses).toBe(0);
  });

  it("renders every item again in one turn when the records changed during a pause", async () => {
    const holder: { state?: { value: number; revision: number } } = {};
    const { page, state } = pageOver(6, 2, () => {
      holder.state!.value++;
      holder.state!.revision++;
    });
    holder.state = state;
    const items = await renderPage(page);
    // Rendered in slices the items showed values 0, 1 and 2; the page shows the last state only.
    expect(items).toEqual(["0:2", "1:2", "2:2", "3:2", "4:2", "5:2"]);
    expect(state.renders).toBe(12);
  });

  it("keeps the sliced items when a pause saw no change", async () => {
    const { page, state } = pageOver(6, 2);
    await renderPage(page);
    expect(state).toMatchObject({ pauses: 2, renders: 6 });
  });
});
