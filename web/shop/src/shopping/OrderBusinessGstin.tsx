import { API, type DataOf } from '@elts/contracts';
import { ApiError, Button, callOperation, readMemberSession, TextInput } from '@elts/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';

type OrderBuyer = DataOf<typeof API.memberOrderBuyer>;
const FAILURE = 'The GSTIN could not be saved. Please try again.';

/**
 * "Invoice to a business" (issue 38 item 3, docs/decisions/0158): until the order ships, a member adds or corrects the
 * GSTIN and legal name its tax invoice names. The server checks the GSTIN and its state and says what is wrong; once
 * the order ships the invoice is issued and the form goes away.
 */
export function OrderBusinessGstin({ orderId, shipped }: { orderId: string; shipped: boolean }) {
  const queryClient = useQueryClient();
  const key = ['order-buyer', orderId];
  const current = useQuery({
    queryKey: key,
    enabled: !shipped,
    queryFn: async () => (await callOperation(API.memberOrderBuyer, { params: { orderId } }, { token: readMemberSession().token })).data,
  });
  const [draft, setDraft] = useState<{ gstin: string; legalName: string }>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'saved'; text: string }>();
  if (shipped || !current.data?.editable) return null;
  const saved: OrderBuyer = current.data;
  const shown = draft ?? { gstin: saved.gstin ?? '', legalName: saved.legalName ?? '' };

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(undefined);
    try {
      const answer = await callOperation(
        API.memberSetOrderBuyer,
        { params: { orderId }, body: shown },
        { token: readMemberSession().token },
      );
      queryClient.setQueryData(key, answer.data);
      setDraft(undefined);
      setMessage({ tone: 'saved', text: 'Saved. The tax invoice will name this business when the order ships.' });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof ApiError ? error.message : FAILURE });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`gstin-${orderId}`} className="mt-6 rounded-xl border border-ink-200 p-4">
      <h3 id={`gstin-${orderId}`} className="font-bold text-ink-950">
        Invoice to a Business
      </h3>
      <p className="mt-1 text-sm text-ink-600">
        {saved.gstin
          ? `The tax invoice will name ${saved.legalName} (GSTIN ${saved.gstin}). You can correct it until the order ships.`
          : 'Buying for a registered business? Add its GSTIN before the order ships to claim input tax credit.'}
      </p>
      <form className="mt-3 grid gap-3 sm:grid-cols-2" onSubmit={(event) => void save(event)}>
        <TextInput
          label="GSTIN"
          name="gstin"
          autoComplete="off"
          maxLength={15}
          required
          value={shown.gstin}
          onChange={(event) => setDraft({ ...shown, gstin: event.target.value.toUpperCase() })}
        />
        <TextInput
          label="Legal Name"
          name="legalName"
          autoComplete="organization"
          maxLength={100}
          required
          value={shown.legalName}
          onChange={(event) => setDraft({ ...shown, legalName: event.target.value })}
        />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" size="sm" busy={busy}>
            {saved.gstin ? 'Update GSTIN' : 'Save GSTIN'}
          </Button>
          {message && (
            <span
              role={message.tone === 'error' ? 'alert' : 'status'}
              className={message.tone === 'error' ? 'text-sm font-semibold text-red-700' : 'text-sm text-emerald-800'}
            >
              {message.text}
            </span>
          )}
        </div>
      </form>
    </section>
  );
}
