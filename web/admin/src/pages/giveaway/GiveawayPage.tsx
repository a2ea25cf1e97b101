import { API, addressOf } from '@elts/contracts';
import { Button, formatCount, formatDate, useToast } from '@elts/ui';
import { useState } from 'react';
import { failureText } from '../../api/admin-request.js';
import { downloadCsv } from '../../api/download-csv.js';
import { useAdminOperation } from '../../api/use-admin-query.js';
import { ListStates } from '../../components/ListStates.js';
import { PageHeader } from '../../components/PageHeader.js';
import { StatCard, StatGrid } from '../../components/StatCard.js';
import { useFilters } from '../../components/use-filters.js';
import { DrawPanel } from './DrawPanel.js';
import { EntriesPanel, resultFilter } from './EntriesPanel.js';
import { PrizesPanel } from './PrizesPanel.js';

/** `/admin/giveaway`: the giveaway run to its end, its counts, the draw, the twelve prizes and every entry (docs/decisions/0019). */
export function GiveawayPage() {
  const overview = useAdminOperation(API.adminGiveaway, {});
  const { filters, setFilter, page, setPage } = useFilters({ result: 'all' });
  const [downloading, setDownloading] = useState(false);
  const toast = useToast();
  const data = overview.data?.data;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadCsv(
        addressOf(API.exportGiveawayEntries, { query: { result: resultFilter(filters.result) } }),
        'giveaway-entries',
        'Failed to download entries',
      );
    } catch (error) {
      toast({ tone: 'error', message: failureText(error, 'Failed to download entries') });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Giveaway"
        actions={
          <Button size="sm" variant="secondary" busy={downloading} onClick={download}>
            Download CSV
          </Button>
        }
      />
      <ListStates
        isLoading={overview.isLoading}
        error={overview.error}
        loading="Loading the giveaway..."
        fallback="Failed to fetch the giveaway"
        onRetry={() => overview.refetch()}
      >
        {data && (
          <div className="grid min-w-0 gap-6">
            <StatGrid>
              <StatCard
                label="Members"
                value={formatCount(data.members)}
                tone={data.open || data.draw ? 'success' : 'warning'}
                note={
                  data.draw
                    ? `Closed: drawn on ${formatDate(data.draw.drawnAt)}`
                    : data.open
                      ? 'The giveaway is open'
                      : `Opens at ${formatCount(data.opensAtMembers)}`
                }
              />
              <StatCard label="Total Entries" value={formatCount(data.counts.total)} />
              <StatCard label="Passed" value={formatCount(data.counts.passed)} tone="success" />
              <StatCard label="Failed" value={formatCount(data.counts.failed)} tone="error" />
            </StatGrid>
            <DrawPanel overview={data} />
            <PrizesPanel overview={data} />
            <EntriesPanel
              result={filters.result}
              onResultChange={(value) => setFilter('result', value)}
              page={page}
              onPageChange={setPage}
            />
          </div>
        )}
      </ListStates>
    </>
  );
}
