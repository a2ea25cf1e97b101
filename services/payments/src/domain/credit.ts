/**
 * The membership credit ledger: each membership year grants credit (the fee, returned as a discount) that expires
 * with that year; orders spend it and give it back if they fail. Spending takes from the grant that expires first.
 */

export interface LedgerEntry {
  kind: 'grant' | 'spend' | 'release';
  amountPaise: number;
  orderId: string | null;
  expiresAt: Date | null;
  createdAt: Date;
}

interface Grant {
  remaining: number;
  expiresAt: Date;
}

export function creditBalance(entries: LedgerEntry[], now: Date): number {
  const grants: Grant[] = [];
  const spentFrom = new Map<string, { grant: Grant; amount: number }[]>();
  const sorted = [...entries].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const entry of sorted) {
    if (entry.kind === 'grant' && entry.expiresAt) {
      grants.push({ remaining: entry.amountPaise, expiresAt: entry.expiresAt });
    } else if (entry.kind === 'spend' && entry.orderId) {
      let left = entry.amountPaise;
      const parts: { grant: Grant; amount: number }[] = [];
      for (const grant of grants
        .filter((g) => g.expiresAt > entry.createdAt)
        .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime())) {
        const take = Math.min(left, grant.remaining);
        if (take <= 0) continue;
        grant.remaining -= take;
        parts.push({ grant, amount: take });
        left -= take;
      }
      spentFrom.set(entry.orderId, parts);
    } else if (entry.kind === 'release' && entry.orderId) {
      for (const part of spentFrom.get(entry.orderId) ?? []) part.grant.remaining += part.amount;
      spentFrom.delete(entry.orderId);
    }
  }
  return grants.filter((grant) => grant.expiresAt > now).reduce((sum, grant) => sum + grant.remaining, 0);
}
