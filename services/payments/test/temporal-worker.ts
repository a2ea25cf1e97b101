import { InternalClient } from '@elts/platform';
import { type ServiceHarness, TEST_SERVICE_TOKEN } from '@elts/platform/testing';
import { stepActivities, stepsOverHttp, workflowsPath } from '@elts/workflows/temporal-client';
import { NativeConnection, Worker } from '@temporalio/worker';

/**
 * A workflow worker beside the payments service under test, as `npm run worker` runs one: its activities call the
 * service's step endpoint (in-process here). `workflowModules` adds workflow interceptors (the short retry waits).
 */
export async function workerBeside(
  payments: ServiceHarness,
  options: { address: string; taskQueue: string; workflowModules?: string[] },
): Promise<{ close(): Promise<void> }> {
  const steps = new InternalClient({
    target: 'payments',
    fetch: (request) => payments.booted.instance.app.fetch(request),
    token: TEST_SERVICE_TOKEN,
  });
  const connection = await NativeConnection.connect({ address: options.address });
  const worker = await Worker.create({
    connection,
    namespace: 'default',
    taskQueue: options.taskQueue,
    workflowsPath: workflowsPath(),
    interceptors: { workflowModules: options.workflowModules ?? [] },
    activities: stepActivities(stepsOverHttp(steps)),
  });
  const running = worker.run();
  return {
    async close() {
      worker.shutdown();
      await running;
      await connection.close();
    },
  };
}
