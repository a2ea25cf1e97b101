/**
 * Runs a page's independent reads side by side and answers once every one has finished.
 *
 * With `Promise.all([a(), b()])`, a `b()` that throws while its query is being built leaves `a()`'s query running
 * with nobody awaiting it: when that query then fails, its rejection is unhandled and Node ends the process (the whole
 * all-in-one product with it). Here each step is started inside an async function, so a throw becomes a rejection
 * like any other, and nothing is answered (nor thrown) while a step is still running.
 */
export async function inParallel<T extends readonly unknown[]>(...steps: { [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(steps.map(async (step) => step()));
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
