import { API, PRIZE_DESCRIPTION_MAX_LENGTH, PRIZE_IMAGE_URL_MAX_LENGTH, PRIZE_NAME_MAX_LENGTH } from '@elts/contracts';
import { Button, PrizeGrid, Select, TextInput } from '@elts/ui';
import { useState } from 'react';
import { adminOperation } from '../../api/admin-request.js';
import { useAdminAction } from '../../api/use-admin-action.js';
import { useAdminOperation } from '../../api/use-admin-query.js';
import { adminListOf, type CatalogProduct } from '../products/product-form.js';
import { Panel } from './Panel.js';
import { type AdminGiveaway, draftProblems, draftsOf, inputOf, PRIZE_KINDS, type PrizeDraft, slotLabel } from './prize-form.js';

type PrizeProduct = Pick<CatalogProduct, 'id' | 'name' | 'brand'>;

/** One slot: a catalogue product, or a name, description and image address. */
function PrizeFields({
  draft,
  products,
  error,
  onChange,
}: {
  draft: PrizeDraft;
  products: readonly PrizeProduct[];
  error: { field: string; message: string } | undefined;
  onChange: (draft: PrizeDraft) => void;
}) {
  const set = (field: keyof PrizeDraft) => (event: { target: { value: string } }) => onChange({ ...draft, [field]: event.target.value });
  const errorOn = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-2xl bg-ink-50 p-4">
      <legend className="float-left mb-1 font-bold text-ink-950">{slotLabel(draft.slot)}</legend>
      <Select label="Prize type" options={PRIZE_KINDS} value={draft.kind} onChange={set('kind')} />
      {draft.kind === 'product' ? (
        <Select
          label="Product"
          placeholder="Choose a product"
          options={products.map((product) => ({
            value: product.id,
            label: product.brand ? `${product.name} (${product.brand})` : product.name,
          }))}
          value={draft.productId}
          error={errorOn('productId')}
          onChange={set('productId')}
        />
      ) : (
        <>
          <TextInput label="Name" maxLength={PRIZE_NAME_MAX_LENGTH} value={draft.name} error={errorOn('name')} onChange={set('name')} />
          <TextInput
            label="Description"
            maxLength={PRIZE_DESCRIPTION_MAX_LENGTH}
            value={draft.description}
            error={errorOn('description')}
            onChange={set('description')}
          />
          <TextInput
            label="Image address"
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={PRIZE_IMAGE_URL_MAX_LENGTH}
            value={draft.imageUrl}
            error={errorOn('imageUrl')}
            onChange={set('imageUrl')}
          />
        </>
      )}
    </fieldset>
  );
}

/**
 * The twelve prizes: set all at once (each from the catalogue, or described with an image), and saved together.
 * After the draw they are what was won, so they are shown, not edited.
 */
export function PrizesPanel({ overview }: { overview: AdminGiveaway }) {
  const drawn = overview.draw !== null;
  const products = useAdminOperation(API.listProducts, { query: { enabled_only: 'false' } }, { enabled: !drawn });
  const [drafts, setDrafts] = useState(() => draftsOf(overview.prizes));
  const [checked, setChecked] = useState(false);
  const { busy, run } = useAdminAction();
  const problems = draftProblems(drafts);

  const save = async () => {
    setChecked(true);
    if (problems.size > 0) return;
    await run(
      'prizes',
      () => adminOperation(API.setGiveawayPrizes, { body: { prizes: drafts.map(inputOf) } }),
      'Failed to save the prizes',
    );
  };

  return (
    <Panel id="prizes-title" title="Prizes">
      {drawn ? (
        <>
          <p className="mt-1 text-ink-600">The winners have been drawn: the prizes are what they won and no longer change.</p>
          <PrizeGrid prizes={overview.prizes} winners={overview.winners} className="mt-4" />
        </>
      ) : (
        <>
          <p className="mt-1 text-ink-600">
            Twelve prizes, one winner each. A catalogue product is shown with its name and first picture as they are when you save.
          </p>
          <div className="mt-4 grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
            {drafts.map((draft) => (
              <PrizeFields
                key={draft.slot}
                draft={draft}
                products={adminListOf(products.data?.data)}
                error={checked ? problems.get(draft.slot) : undefined}
                onChange={(next) => setDrafts((current) => current.map((item) => (item.slot === next.slot ? next : item)))}
              />
            ))}
          </div>
          {checked && problems.size > 0 && (
            <p role="alert" className="mt-4 text-sm font-semibold text-red-700">
              {problems.size === 1 ? 'One prize needs' : `${problems.size} prizes need`} your attention before saving.
            </p>
          )}
          <Button className="mt-4" busy={busy === 'prizes'} onClick={save}>
            Save prizes
          </Button>
        </>
      )}
    </Panel>
  );
}
