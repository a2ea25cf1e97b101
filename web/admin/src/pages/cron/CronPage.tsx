import { API, COPY } from '@elts/contracts';
import { Button, Card, formatDateTime } from '@elts/ui';
import { useEffect, useRef, useState } from 'react';
import { adminOperation, failureText } from '../../api/admin-request.js';
import { useAdminOperation } from '../../api/use-admin-query.js';
import { Banner } from '../../components/Banner.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ListStates } from '../../components/ListStates.js';
import { PageHeader } from '../../components/PageHeader.js';
import { StatCard } from '../../components/StatCard.js';
import { jobWords, megabytes, STOP_CONFIRMATION, successRate, uptimeText } from './cron-words.js';
import { FailingSteps } from './FailingSteps.js';

const AUTO_REFRESH_MS = 30_000;
const BANNER_MS = 5_000;
const RELOAD_AFTER_TRIGGER_MS = 2_000;
const RELOAD_AFTER_CONTROL_MS = 1_000;

type Action = { kind: 'trigger'; mode: 'normal' | 'light' } | { kind: 'control'; action: 'restart' | 'stop' };

/** A day and a time that may go onto two lines between them, never inside either (a narrow card broke the year). */
function DateTime({ at }: { at: string }) {
  const [day, time] = formatDateTime(at).split(' ');
  return (
    <>
      <span className="whitespace-nowrap">{day}</span> <span className="whitespace-nowrap">{time}</span>
    </>
  );
}

/** `/admin/cron`: the scheduler's state, buttons to run a check now or pause and resume it, and its jobs. */
export function CronPage() {
  const status = useAdminOperation(API.adminCronStatus, {}, { refetchInterval: AUTO_REFRESH_MS });
  const [banner, setBanner] = useState<{ tone: 'success' | 'error'; message: string }>();
  const [busy, setBusy] = useState<string>();
  // Stopping pauses every scheduled check until someone restarts it, so it is asked twice; Cancel changes nothing.
  const [confirmingStop, setConfirmingStop] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const later = (ms: number, run: () => void) => timers.current.push(setTimeout(run, ms));

  const show = (tone: 'success' | 'error', message: string) => {
    setBanner({ tone, message });
    later(BANNER_MS, () => setBanner((current) => (current?.message === message ? undefined : current)));
  };

  const run = async (action: Action) => {
    const key = action.kind === 'trigger' ? action.mode : action.action;
    setBusy(key);
    try {
      const answer =
        action.kind === 'trigger'
          ? await adminOperation(API.adminCronTrigger, { body: { mode: action.mode } })
          : await adminOperation(API.adminCronControl, { body: { action: action.action } });
      show(
        'success',
        action.kind === 'trigger'
          ? `Manual cron check triggered successfully in ${action.mode} mode`
          : (answer.message ?? COPY.cron.controlled(action.action)),
      );
      later(action.kind === 'trigger' ? RELOAD_AFTER_TRIGGER_MS : RELOAD_AFTER_CONTROL_MS, () => void status.refetch());
    } catch (error) {
      show(
        'error',
        failureText(error, action.kind === 'trigger' ? 'Failed to trigger cron check' : `Failed to ${action.action} cron service`),
      );
    } finally {
      setBusy(undefined);
    }
  };

  const data = status.data?.data;
  const service = data?.cron_service;
  const jobs = service?.jobs ?? [];

  return (
    <>
      <PageHeader
        title="Cron"
        actions={
          <>
            <Button size="sm" busy={busy === 'normal'} onClick={() => run({ kind: 'trigger', mode: 'normal' })}>
              Trigger Normal Check
            </Button>
            <Button size="sm" variant="accent" busy={busy === 'light'} onClick={() => run({ kind: 'trigger', mode: 'light' })}>
              Trigger Light Check
            </Button>
            <Button size="sm" variant="secondary" busy={busy === 'restart'} onClick={() => run({ kind: 'control', action: 'restart' })}>
              Restart Service
            </Button>
            <Button size="sm" variant="danger" busy={busy === 'stop'} onClick={() => setConfirmingStop(true)}>
              Stop Service
            </Button>
            <Button size="sm" variant="ghost" onClick={() => status.refetch()}>
              Refresh
            </Button>
          </>
        }
      />
      <ConfirmDialog
        open={confirmingStop}
        title={STOP_CONFIRMATION.title}
        confirm={STOP_CONFIRMATION.confirm}
        onCancel={() => setConfirmingStop(false)}
        onConfirm={() => {
          setConfirmingStop(false);
          void run({ kind: 'control', action: 'stop' });
        }}
      >
        <p>{STOP_CONFIRMATION.body}</p>
      </ConfirmDialog>
      {banner && <Banner tone={banner.tone} message={banner.message} />}
      <ListStates
        isLoading={status.isLoading}
        error={status.error}
        loading="Loading cron status..."
        fallback="Failed to fetch cron status"
        onRetry={() => status.refetch()}
      >
        {data && service && (
          <>
            <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
              <StatCard
                label="Service Status"
                value={service.isRunning ? 'RUNNING' : 'IDLE'}
                tone={service.isRunning ? 'success' : 'warning'}
                note={service.nextRunTime ? `Next run ${formatDateTime(service.nextRunTime)}` : undefined}
              />
              <StatCard label="Success Rate" value={successRate(service.successCount, service.errorCount)} />
              <StatCard label="Last Run" value={service.lastRunTime ? <DateTime at={service.lastRunTime} /> : 'Never'} />
              <StatCard label="Server Uptime" value={uptimeText(data.uptime)} />
            </div>
            <div className="mt-6 grid gap-6 lg:grid-cols-2">
              <Card>
                <h2 className="text-lg font-bold text-ink-950">Scheduled Jobs</h2>
                <ul className="mt-4 divide-y divide-ink-100">
                  {jobs.map((job) => (
                    <li key={job} className="flex items-center justify-between py-2">
                      <span className="font-medium text-ink-900">{jobWords(job)}</span>
                      {/* A stopped service runs none of its jobs until it is restarted. */}
                      {service.isRunning ? (
                        <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">Active</span>
                      ) : (
                        <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Stopped</span>
                      )}
                    </li>
                  ))}
                </ul>
              </Card>
              <Card>
                <h2 className="text-lg font-bold text-ink-950">System</h2>
                <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
                  <dt className="text-ink-600">Memory Usage</dt>
                  <dd className="font-semibold tabular-nums">{megabytes(data.memory_usage.heapUsed)}</dd>
                  <dt className="text-ink-600">Total Memory (MB)</dt>
                  <dd className="font-semibold tabular-nums">{megabytes(data.memory_usage.heapTotal)}</dd>
                  <dt className="text-ink-600">Server Time</dt>
                  <dd className="font-semibold">{formatDateTime(data.server_time)}</dd>
                  <dt className="text-ink-600">Jobs Count</dt>
                  <dd className="font-semibold tabular-nums">{jobs.length}</dd>
                </dl>
              </Card>
            </div>
            <div className="mt-6">
              <FailingSteps
                steps={data.failing_steps ?? []}
                report={(tone, message) => {
                  show(tone, message);
                  later(RELOAD_AFTER_CONTROL_MS, () => void status.refetch());
                }}
              />
            </div>
          </>
        )}
      </ListStates>
    </>
  );
}
