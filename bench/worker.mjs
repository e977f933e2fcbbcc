/**
 * Child-process entry: receives one job from run.mjs, measures it, sends the
 * result back and exits, so the next system starts on an empty heap.
 */
import { runJob } from "./measure.mjs";

process.once("message", async (job) => {
  let message;
  try {
    message = { ok: true, result: await runJob(job, { onBuilt: (partial) => process.send({ partial }) }) };
  } catch (error) {
    message = { ok: false, error: String(error?.stack ?? error) };
  }
  // Disconnect only once the (possibly large) message has been handed over.
  process.send(message, () => process.disconnect());
});
