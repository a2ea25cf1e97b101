import { API } from '@elts/contracts';
import { Card, type Column, DataTable } from '@elts/ui';
import { useAdminOperation } from '../../api/use-admin-query.js';
import { ListStates } from '../../components/ListStates.js';
import { CHANNEL_NAMES, type DropAlertFiguresAnswer, figure, whatsappCostLines } from './drop-alert-words.js';

type ChannelRow = DropAlertFiguresAnswer['channels'][number];

const COLUMNS: Column<ChannelRow>[] = [
  { key: 'channel', header: 'Channel', cell: (row) => CHANNEL_NAMES[row.channel] },
  { key: 'alerted', header: 'Members alerted', cell: (row) => figure(row.alerted) },
  { key: 'delivered', header: 'Delivered', cell: (row) => figure(row.delivered) },
  { key: 'opened', header: 'Opened', cell: (row) => figure(row.opened) },
  { key: 'clicked', header: 'Clicked', cell: (row) => figure(row.clicked) },
  { key: 'unsubscribes', header: 'Unsubscribes', cell: (row) => figure(row.unsubscribes) },
];

/**
 * A drop's alerts for operators (issue 37 item 5, decision 0164): per channel, the members alerted, messages
 * delivered, opened and clicked where the channel reports it, unsubscribes from its links; and WhatsApp's estimated
 * cost of the drop and of the month.
 */
export function DropAlertsCard({ dropId, label }: { dropId: string; label: string }) {
  const figures = useAdminOperation(API.adminDropAlertFigures, { params: { id: dropId } });
  return (
    <Card as="section" aria-label={`Alerts of ${label}`}>
      <h2 className="text-lg font-bold text-ink-950">Alerts of {label}</h2>
      <ListStates
        isLoading={figures.isLoading}
        error={figures.error}
        loading="Loading the drop's alerts..."
        fallback="Failed to fetch the drop's alerts"
        onRetry={() => figures.refetch()}
      >
        {figures.data && (
          <div className="mt-4 flex flex-col gap-3">
            <DataTable caption="Drop alerts by channel" columns={COLUMNS} rows={figures.data.data.channels} rowKey={(row) => row.channel} />
            <ul className="text-sm text-ink-700">
              {whatsappCostLines(figures.data.data.whatsapp).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )}
      </ListStates>
    </Card>
  );
}
