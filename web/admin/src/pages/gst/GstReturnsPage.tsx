import { API, addressOf } from '@elts/contracts';
import { Button, Card, type Column, DataTable, formatCount, useToast } from '@elts/ui';
import { useState } from 'react';
import { failureText } from '../../api/admin-request.js';
import { downloadCsv, downloadFile } from '../../api/download-csv.js';
import { useAdminOperation } from '../../api/use-admin-query.js';
import { FilterBar, FilterSelect } from '../../components/FilterBar.js';
import { ListStates } from '../../components/ListStates.js';
import { PageHeader } from '../../components/PageHeader.js';
import { StatCard, StatGrid } from '../../components/StatCard.js';
import { EInvoiceProblemsSection } from './EInvoiceProblems.js';
import {
  GST_SECTIONS,
  type GstReturn,
  type GstSection,
  isNilMonth,
  lastWholeMonth,
  monthChoices,
  monthName,
  monthSpan,
  placeName,
  sectionFilePrefix,
  type TaxAmounts,
  taxRupees,
  totalTax,
} from './gst-words.js';

/** The figures every totals table shows after its first column. */
const AMOUNT_COLUMNS: Column<TaxAmounts>[] = [
  { key: 'taxable', header: 'Taxable Value', align: 'right', cell: (row) => taxRupees(row.taxablePaise) },
  { key: 'igst', header: 'IGST', align: 'right', cell: (row) => taxRupees(row.igstPaise) },
  { key: 'cgst', header: 'CGST', align: 'right', cell: (row) => taxRupees(row.cgstPaise) },
  { key: 'sgst', header: 'SGST', align: 'right', cell: (row) => taxRupees(row.sgstPaise) },
  { key: 'tax', header: 'Total Tax', align: 'right', cell: (row) => taxRupees(totalTax(row)) },
];

type Totals = GstReturn['totals'];
type RateRow = Totals['byRate'][number];
type StateRow = Totals['byState'][number];
type SupplyRow = TaxAmounts & { supply: string };

const RATE_COLUMNS: Column<RateRow>[] = [{ key: 'rate', header: 'Rate', cell: (row) => `${row.ratePercent}%` }, ...AMOUNT_COLUMNS];
const STATE_COLUMNS: Column<StateRow>[] = [
  { key: 'state', header: 'Place of Supply', cell: (row) => placeName(row.placeOfSupply) },
  ...AMOUNT_COLUMNS,
];
const SUPPLY_COLUMNS: Column<SupplyRow>[] = [{ key: 'supply', header: 'Supply', cell: (row) => row.supply }, ...AMOUNT_COLUMNS];

/** One table of the month's totals under its heading (the table's scrolling box is the region it names). */
function TotalsTable<Row extends TaxAmounts>(props: {
  title: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <div className="min-w-0">
      <h2 className="mb-3 text-lg font-bold text-ink-950">{props.title}</h2>
      <DataTable caption={props.title} columns={props.columns} rows={props.rows} rowKey={props.rowKey} />
    </div>
  );
}

/** The month's figures: counts and net amounts, then by rate, by state, and B2B against B2C. */
function MonthTotals({ totals }: { totals: Totals }) {
  const net = {
    taxablePaise: totals.invoices.taxablePaise - totals.creditNotes.taxablePaise,
    igstPaise: totals.invoices.igstPaise - totals.creditNotes.igstPaise,
    cgstPaise: totals.invoices.cgstPaise - totals.creditNotes.cgstPaise,
    sgstPaise: totals.invoices.sgstPaise - totals.creditNotes.sgstPaise,
  };
  const supplies: SupplyRow[] = [
    { supply: 'B2B (registered buyers)', ...totals.b2b },
    { supply: 'B2C (unregistered buyers)', ...totals.b2c },
  ];
  return (
    <div className="grid min-w-0 gap-6">
      <StatGrid>
        <StatCard label="Invoices" value={formatCount(totals.invoices.count)} />
        <StatCard label="Credit Notes" value={formatCount(totals.creditNotes.count)} />
        <StatCard label="Taxable Value" value={taxRupees(net.taxablePaise)} />
        <StatCard label="Total Tax" value={taxRupees(totalTax(net))} />
      </StatGrid>
      <p className="text-sm text-ink-600">Every figure is the month's invoices less its credit notes.</p>
      <TotalsTable title="Totals by Rate" columns={RATE_COLUMNS} rows={totals.byRate} rowKey={(row) => String(row.ratePercent)} />
      <TotalsTable title="Totals by State" columns={STATE_COLUMNS} rows={totals.byState} rowKey={(row) => row.placeOfSupply} />
      <TotalsTable title="B2B and B2C" columns={SUPPLY_COLUMNS} rows={supplies} rowKey={(row) => row.supply} />
    </div>
  );
}

type SectionRow = (typeof GST_SECTIONS)[number] & { rows: number };

/** GSTR-1's sections, each with its row count and its CSV for the portal's offline tool. */
function SectionDownloads({ month, data }: { month: string; data: GstReturn }) {
  const [busy, setBusy] = useState<GstSection | 'json' | null>(null);
  const toast = useToast();
  // The whole month as the offline tool's JSON (decision 0158), under the server's name (its GSTIN and month).
  const downloadJson = async () => {
    const failure = 'Failed to download the GSTR-1 JSON';
    setBusy('json');
    try {
      await downloadFile(addressOf(API.adminGstReturnJson, { query: { month } }), 'application/json', `GSTR1_${month}.json`, failure);
    } catch (error) {
      toast({ tone: 'error', message: failureText(error, failure) });
    } finally {
      setBusy(null);
    }
  };
  const download = async ({ section, label }: SectionRow) => {
    const failure = `Failed to download the ${label} CSV`;
    setBusy(section);
    try {
      await downloadCsv(
        addressOf(API.adminGstReturnCsv, { params: { section }, query: { month } }),
        sectionFilePrefix(section, month),
        failure,
      );
    } catch (error) {
      toast({ tone: 'error', message: failureText(error, failure) });
    } finally {
      setBusy(null);
    }
  };
  const columns: Column<SectionRow>[] = [
    { key: 'section', header: 'Section', cell: (row) => row.label },
    { key: 'holds', header: 'What It Holds', cell: (row) => row.holds },
    { key: 'rows', header: 'Rows', align: 'right', cell: (row) => formatCount(row.rows) },
    {
      key: 'download',
      header: 'Download',
      cell: (row) => (
        <Button size="sm" variant="secondary" busy={busy === row.section} onClick={() => void download(row)}>
          Download {row.label} CSV
        </Button>
      ),
    },
  ];
  const rows = GST_SECTIONS.map((entry) => ({ ...entry, rows: data[entry.section].length }));
  return (
    <div className="mt-6 min-w-0">
      <h2 className="mb-1 text-lg font-bold text-ink-950">GSTR-1 Sections</h2>
      <p className="mb-3 text-sm text-ink-600">Each file imports into the GST portal's offline tool as it is.</p>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <Button size="sm" busy={busy === 'json'} onClick={() => void downloadJson()}>
          Download JSON
        </Button>
        <span className="text-sm text-ink-600">The whole return as one file, which the offline tool opens and the portal accepts.</span>
      </div>
      <DataTable caption="GSTR-1 Sections" columns={columns} rows={rows} rowKey={(row) => row.section} />
    </div>
  );
}

/**
 * `/admin/gst`: a month's GSTR-1 totals and its sections' files (issue 38 item 5, decision 0095), and the e-invoice
 * registrations that need an operator (decision 0165).
 */
export function GstReturnsPage() {
  const [month, setMonth] = useState(() => lastWholeMonth());
  const [choices] = useState(() => monthChoices());
  const answer = useAdminOperation(API.adminGstReturn, { query: { month } });
  // The previous month's answer stays while the next loads: show figures only under their own month.
  const data = answer.data?.data.month === month ? answer.data.data : undefined;

  return (
    <>
      <PageHeader title="GST Returns" />
      <FilterBar label="Return period">
        <FilterSelect label="Month" value={month} options={choices} onChange={setMonth} />
      </FilterBar>
      <p className="mb-6 text-sm text-ink-600">Invoices and credit notes issued from {monthSpan(month)}, India time.</p>
      <ListStates
        isLoading={answer.isLoading || (!data && answer.isFetching)}
        error={answer.error}
        loading="Loading the GST return..."
        fallback="Failed to fetch the GST return"
        onRetry={() => answer.refetch()}
      >
        {data && (
          <>
            {isNilMonth(data.totals) ? (
              <Card as="section" aria-label="Totals">
                <h2 className="text-lg font-bold text-ink-950">Nothing to total</h2>
                <p className="mt-2 text-ink-600">No invoices or credit notes were issued in {monthName(month)}, so its return is nil.</p>
              </Card>
            ) : (
              <MonthTotals totals={data.totals} />
            )}
            <SectionDownloads month={month} data={data} />
          </>
        )}
      </ListStates>
      <EInvoiceProblemsSection />
    </>
  );
}
