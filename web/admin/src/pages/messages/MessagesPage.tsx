import { API, type OperationTable } from '@elts/contracts';
import { type Column, formatDateTime } from '@elts/ui';
import { type PagedRow, PagedTablePage } from '../../components/PagedTable.js';

const OPTIONS: Record<string, string> = { brand: 'Brand Partnerships', campus: 'Campus Ambassadors', query: 'Query' };

const COLUMNS: Column<PagedRow<OperationTable['adminMessages']>>[] = [
  { key: 'receivedAt', header: 'Received', cell: (m) => formatDateTime(m.receivedAt) },
  { key: 'name', header: 'Name', cell: (m) => `${m.firstName} ${m.lastName}` },
  {
    key: 'contact',
    header: 'Contact',
    cell: (m) => (
      <div>
        <p>{m.email}</p>
        <p className="text-xs text-ink-500">{m.phone}</p>
      </div>
    ),
  },
  { key: 'option', header: 'Topic', cell: (m) => OPTIONS[m.option] ?? m.option },
  { key: 'message', header: 'Message', cell: (m) => <p className="max-w-md whitespace-pre-wrap">{m.message}</p> },
];

/** `/admin/messages`: what visitors sent through the contact form, newest first. */
export function MessagesPage() {
  return (
    <PagedTablePage
      title="Messages"
      operation={API.adminMessages}
      noun="messages"
      caption="Contact messages"
      columns={COLUMNS}
      rowKey={(m) => m.messageId}
      empty="No messages yet"
      fallback="Failed to fetch messages"
    />
  );
}
