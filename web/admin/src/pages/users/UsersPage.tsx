import { API } from '@elts/contracts';
import { Button, type Column, DataTable, EmptyState, formatDate, type SortState, useToast } from '@elts/ui';
import { type ReactNode, useState } from 'react';
import { failureText } from '../../api/admin-request.js';
import { useAdminOperation } from '../../api/use-admin-query.js';
import { ChartsSection } from '../../charts/ChartsSection.js';
import { FilterBar, FilterSelect, FilterText } from '../../components/FilterBar.js';
import { ListStates } from '../../components/ListStates.js';
import { PageHeader } from '../../components/PageHeader.js';
import { Pager } from '../../components/Pager.js';
import { useFilters } from '../../components/use-filters.js';
import { ChipGroup, SelectedChips } from './ChipGroup.js';
import { downloadUsersCsv } from './download-csv.js';
import { type AdminUser, BILLING_ADDRESS_PREVIEW, cut, SORT_KEYS, serverOrder } from './user-words.js';

const PAGE_SIZE = 20;
type ChipGroupName = 'pincodes' | 'need' | 'greed';

const PROFESSIONS = ['student', 'professional', 'startup', 'business', 'institution'];
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const listText = (list: string) => list.split(',').filter(Boolean).join(', ');

/** A line under a cell's main value: what belongs with it, smaller. */
const Beneath = ({ children }: { children: ReactNode }) => (children ? <p className="text-xs text-ink-600">{children}</p> : null);

/**
 * Thirteen fields in eight columns, so that on a laptop every one is in sight (issue 34): what goes together shares a
 * cell (the mobile under the name, the gender under the age, the GST number under the profession, the billing
 * address under the pincode, both lists in one). Each sortable field keeps its own sortable column.
 */
const COLUMNS: Column<AdminUser>[] = [
  {
    key: 'name',
    header: 'Name',
    sortValue: (u) => u.firstname,
    cell: (u) => (
      <>
        <p className="font-medium text-ink-900">{[u.firstname, u.lastname].filter(Boolean).join(' ') || 'N/A'}</p>
        <Beneath>{u.mobile}</Beneath>
      </>
    ),
  },
  { key: 'email', header: 'Email', sortValue: (u) => u.email, cell: (u) => <span className="break-all">{u.email}</span> },
  {
    key: 'age',
    header: 'Age',
    sortValue: (u) => u.age,
    cell: (u) => (
      <>
        <p>{u.age ?? ''}</p>
        <Beneath>{u.gender ? capital(u.gender) : ''}</Beneath>
      </>
    ),
  },
  {
    key: 'profession',
    header: 'Profession',
    sortValue: (u) => u.profession,
    cell: (u) => (
      <>
        <p>{u.profession ? capital(u.profession) : ''}</p>
        <Beneath>{u.gst ? `GST ${u.gst}` : ''}</Beneath>
      </>
    ),
  },
  { key: 'subscriptionType', header: 'Subscription Type', sortValue: (u) => u.subscriptionType, cell: (u) => u.subscriptionType ?? '' },
  {
    key: 'pincode',
    header: 'Pincode',
    sortValue: (u) => u.pincode,
    cell: (u) => (
      <>
        <p>{u.pincode ?? ''}</p>
        <Beneath>
          <span title={u.professionAddress ?? ''}>{cut(u.professionAddress, BILLING_ADDRESS_PREVIEW)}</span>
        </Beneath>
      </>
    ),
  },
  {
    key: 'lists',
    header: 'Need and Greed Lists',
    cell: (u) => (
      <dl className="grid gap-1 text-xs">
        {(
          [
            ['Need', u.needList],
            ['Greed', u.greedList],
          ] as const
        ).map(([name, list]) => (
          <div key={name}>
            <dt className="inline font-semibold text-ink-700">{name}: </dt>
            <dd className="inline">{listText(list) || '-'}</dd>
          </div>
        ))}
      </dl>
    ),
  },
  { key: 'createdAt', header: 'Joined', sortValue: (u) => u.createdAt, cell: (u) => formatDate(u.createdAt) },
];

/** `/admin/users`: members with filters, chips with counts, server-side sorting across pages, and the CSV. */
export function UsersPage() {
  const toast = useToast();
  const { filters, setFilter, page, setPage } = useFilters({ name: '', email: '', profession: '', subscriptionType: '', chipSearch: '' });
  const [chosen, setChosen] = useState<Record<ChipGroupName, string[]>>({ pincodes: [], need: [], greed: [] });
  const [sort, setSort] = useState<SortState>({ key: 'createdAt', direction: 'descending' });
  const [downloading, setDownloading] = useState(false);

  const selection = { ...filters, ...chosen };
  const sortKey = SORT_KEYS[sort.key as keyof typeof SORT_KEYS];
  const users = useAdminOperation(API.adminUsers, {
    query: { ...selection, sort: sortKey, order: serverOrder(sort.key, sort.direction), page, limit: PAGE_SIZE },
  });

  const changeChips = (next: Record<ChipGroupName, string[]>) => {
    setChosen(next);
    setPage(1);
  };
  const toggle = (group: ChipGroupName, value: string) =>
    changeChips({
      ...chosen,
      [group]: chosen[group].includes(value) ? chosen[group].filter((v) => v !== value) : [...chosen[group], value],
    });

  const download = async () => {
    setDownloading(true);
    try {
      // The CSV holds every user of the current filters, not just this page.
      await downloadUsersCsv({ ...selection, chipSearch: undefined });
    } catch (error) {
      toast({ tone: 'error', message: failureText(error, 'An error occurred while fetching users') });
    } finally {
      setDownloading(false);
    }
  };

  const chips = users.data?.chips;
  const selectedList = (['pincodes', 'need', 'greed'] as const).flatMap((group) => chosen[group].map((value) => ({ group, value })));

  return (
    <>
      <PageHeader
        title="User Management"
        actions={
          <Button size="sm" variant="secondary" busy={downloading} onClick={download}>
            Download CSV
          </Button>
        }
      />
      <ChartsSection page="members" />
      <FilterBar label="User filters">
        <FilterText label="Name" type="search" value={filters.name} onChange={(v) => setFilter('name', v)} />
        <FilterText label="Email" type="search" value={filters.email} onChange={(v) => setFilter('email', v)} />
        <FilterSelect
          label="Profession"
          value={filters.profession}
          options={[{ value: '', label: 'All' }, ...PROFESSIONS.map((p) => ({ value: p, label: capital(p) }))]}
          onChange={(v) => setFilter('profession', v)}
        />
        <FilterSelect
          label="Subscription Type"
          value={filters.subscriptionType}
          options={[
            { value: '', label: 'All' },
            { value: 'Save', label: 'Save' },
            { value: 'Splurge', label: 'Splurge' },
          ]}
          onChange={(v) => setFilter('subscriptionType', v)}
        />
        <FilterText
          label="Search chips"
          type="search"
          placeholder="Pincode or list item"
          value={filters.chipSearch}
          onChange={(v) => setFilter('chipSearch', v)}
        />
      </FilterBar>
      <section aria-label="Chips" className="mb-6 flex flex-col gap-4 rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100">
        <SelectedChips selected={selectedList} onRemove={toggle} onClear={() => changeChips({ pincodes: [], need: [], greed: [] })} />
        <ChipGroup title="Pincodes" chips={chips?.pincodes ?? []} selected={chosen.pincodes} onToggle={(v) => toggle('pincodes', v)} />
        <ChipGroup title="Need items" chips={chips?.need ?? []} selected={chosen.need} onToggle={(v) => toggle('need', v)} />
        <ChipGroup title="Greed items" chips={chips?.greed ?? []} selected={chosen.greed} onToggle={(v) => toggle('greed', v)} />
      </section>
      <ListStates
        isLoading={users.isLoading}
        error={users.error}
        loading="Loading users..."
        fallback="Failed to fetch users"
        onRetry={() => users.refetch()}
      >
        <DataTable
          caption="Users"
          columns={COLUMNS}
          rows={users.data?.users ?? []}
          rowKey={(u) => u.id}
          sort={sort}
          onSortChange={(next) => {
            setSort(next);
            setPage(1);
          }}
          empty={<EmptyState title="No users found" />}
        />
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          totalPages={users.data?.pagination.totalPages ?? 1}
          totalCount={users.data?.pagination.totalCount ?? 0}
          noun="users"
          onPageChange={setPage}
        />
      </ListStates>
    </>
  );
}
