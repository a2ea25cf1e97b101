import { API } from '@elts/contracts';
import { Button, Card, EmptyState, TextInput } from '@elts/ui';
import { type FormEvent, useState } from 'react';
import { adminOperation } from '../../api/admin-request.js';
import { useAdminAction } from '../../api/use-admin-action.js';
import { useAdminOperation } from '../../api/use-admin-query.js';
import { ListStates } from '../../components/ListStates.js';

/** The deals board's early-access list: who gets the board while early access only is switched on. */
export function EarlyAccessPanel() {
  const list = useAdminOperation(API.earlyAccessList, {});
  const [email, setEmail] = useState('');
  const { busy, run } = useAdminAction();
  const change = (key: string, method: 'POST' | 'DELETE', address: string) =>
    run(
      key,
      () =>
        method === 'POST'
          ? adminOperation(API.grantEarlyAccess, { body: { email: address } })
          : adminOperation(API.removeEarlyAccess, { body: { email: address } }),
      'Failed to update early access',
    );

  const grant = async (event: FormEvent) => {
    event.preventDefault();
    if (await change('new', 'POST', email.trim())) setEmail('');
  };

  const emails = list.data?.data.emails ?? [];
  return (
    <div className="flex flex-col gap-6">
      <Card as="section" aria-label="Grant early access">
        <p className="text-sm text-ink-700">
          {list.data?.data.enabled
            ? 'Early access only is on: only these members see the deals board.'
            : 'Early access only is off: every active member sees the deals board.'}
        </p>
        <form onSubmit={grant} className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
          <TextInput label="Member email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" busy={busy === 'new'}>
            Grant Access
          </Button>
        </form>
      </Card>
      <ListStates
        isLoading={list.isLoading}
        error={list.error}
        loading="Loading early access..."
        fallback="Failed to fetch early access"
        onRetry={() => list.refetch()}
      >
        {emails.length === 0 ? (
          <EmptyState title="Nobody has early access" />
        ) : (
          <Card as="section" aria-label="Early access list" padded={false}>
            <ul className="divide-y divide-ink-100">
              {emails.map(({ email: address, memberId }) => (
                <li key={address} className="flex items-center justify-between gap-4 px-6 py-3">
                  <span className="text-ink-900">
                    {address}
                    {!memberId && <span className="ml-2 text-xs text-ink-500">(not a member yet)</span>}
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${address}`}
                    busy={busy === address}
                    onClick={() => change(address, 'DELETE', address)}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </ListStates>
    </div>
  );
}
